-- wrk script of Benchmarks/serve_bench.py. Arguments after --: the path and
-- fixed query (ending in ? or &), then "vary" (a different title on every
-- request, so collage's result cache misses) or "fixed" (the URL as given:
-- cache hits, or 304s with an If-None-Match header). Prints one JSON line
-- with requests/s and latency percentiles at the end.
local id = 0
function setup(thread)
  id = id + 1
  thread:set("id", id)
end
function init(args)
  prefix = args[1] or "/card.jpg?"
  vary = args[2] ~= "fixed"
  counter = 0
end
function request()
  if not vary then return wrk.format("GET", prefix) end
  counter = counter + 1
  return wrk.format("GET", prefix .. "title=Card+" .. wrk.thread:get("id") .. "-" .. counter)
end
function done(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write
    + summary.errors.status + summary.errors.timeout
  io.write(string.format('{"requests": %d, "seconds": %.3f, "rps": %.1f, "p50_ms": %.2f, "p99_ms": %.2f, "errors": %d}\n',
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, errors))
end
