"""The checks of scripts/check-serve (issue 42), run against the servers it
started: every status code over real sockets with http.client and curl,
signatures (rotation and SIGHUP included), ETag then 304, 503 under a full
queue, 504 on a slow SVG with the abandoned render counted, 413/414/431,
the traversal set, /metrics through prometheus_client's parser, nginx's
proxy cache over the Unix socket, and SIGTERM's drain. Prints a line per
check and `check-serve: N passed, N failed`; exits 1 on any failure."""
import argparse
import http.client
import json
import os
import signal
import subprocess
import threading
import time

from prometheus_client.parser import text_string_to_metric_families

from check_lines import check, finish

args = argparse.ArgumentParser()
for name in ["collage", "work", "signed", "open", "unix", "nginx"]:
    args.add_argument("--" + name, required=True)
args = args.parse_args()


def request(address, method, target, headers=None, body=None, timeout=30):
    """(status, headers with lower-case names, body) over a fresh connection, the target sent as given."""
    host, port = address.rsplit(":", 1)
    connection = http.client.HTTPConnection(host, int(port), timeout=timeout)
    connection.putrequest(method, target, skip_accept_encoding=True)
    for key, value in (headers or {}).items():
        connection.putheader(key, value)
    if body is not None:
        connection.putheader("Content-Length", str(len(body)))
    connection.endheaders(body)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, data


def curl(url, *extra):
    """(status, body bytes) from curl."""
    out = subprocess.run(["curl", "-sS", "--path-as-is", "-o", "-", "-w", "\n%{http_code}", *extra, url],
                         capture_output=True, timeout=60)
    body, _, code = out.stdout.rpartition(b"\n")
    return int(code or 0), body


def sign(target, key="keys.txt", body=None):
    extra = []
    if body is not None:
        path = os.path.join(args.work, "post-body")
        with open(path, "wb") as f:
            f.write(body)
        extra = ["--body", path]
    return subprocess.run([args.collage, "sign", target, "--key", os.path.join(args.work, key)] + extra,
                          check=True, capture_output=True, text=True).stdout.strip()


def metrics(address):
    _, _, body = request(address, "GET", "/metrics")
    return {family.name: family for family in text_string_to_metric_families(body.decode())}


def sample(families, name, **labels):
    for family in families.values():
        for s in family.samples:
            if s.name == name and all(s.labels.get(k) == v for k, v in labels.items()):
                return s.value
    return None


S, O = args.signed, args.open
work = args.work.encode()
is_jpeg = lambda body: body[:3] == b"\xff\xd8\xff"
is_png = lambda body: body[:8] == b"\x89PNG\r\n\x1a\n"

# 200 /healthz
status, _, body = request(S, "GET", "/healthz")
check("healthz 200", status == 200 and body == b"ok\n", (status, body))
check("healthz 200 (curl)", curl(f"http://{S}/healthz")[0] == 200)

# 403 without or with a bad signature
card = "/cards/og.jpg?title=Hello+there"
status, _, _ = request(S, "GET", card)
check("unsigned 403", status == 403, status)
check("unsigned 403 (curl)", curl(f"http://{S}{card}")[0] == 403)
url = sign(card)
status, _, _ = request(S, "GET", url.replace("Hello", "Jello"))
check("tampered 403", status == 403, status)

# 200, ETag, cache, 304
status, h, body = request(S, "GET", url)
tag = h.get("etag", "")
check("signed 200 JPEG", status == 200 and h.get("content-type") == "image/jpeg" and is_jpeg(body), (status, h))
check("strong ETag is the 64-hex stamp", len(tag) == 66 and tag[0] == '"' and not tag.startswith("W/"), tag)
check("max-age without a version", h.get("cache-control") == "public, max-age=300", h.get("cache-control"))
check("first render is a cache miss", h.get("x-collage-cache") == "miss", h.get("x-collage-cache"))
status, h2, body2 = request(S, "GET", url)
check("repeat is a cache hit, same bytes", status == 200 and h2.get("x-collage-cache") == "hit" and body2 == body)
code, curled = curl(f"http://{S}{url}")
check("signed 200 (curl)", code == 200 and curled == body, code)
status, h3, body3 = request(S, "GET", url, {"If-None-Match": tag})
check("If-None-Match 304, no body", status == 304 and body3 == b"" and h3.get("etag") == tag, (status, h3))
check("304 (curl)", curl(f"http://{S}{url}", "-H", f"If-None-Match: {tag}")[0] == 304)
status, h4, _ = request(S, "GET", sign(card + "&v=" + tag[1:13]))
check("signed v= prefix of the stamp: immutable", status == 200 and
      h4.get("cache-control") == "public, max-age=31536000, immutable" and h4.get("etag") == tag, h4)
status, h5, _ = request(S, "GET", sign(card + "&v=00000000"))
check("v= of another stamp: not immutable", status == 200 and h5.get("cache-control") == "public, max-age=300", h5)
other_title = sign("/cards/og.jpg?title=Other")
status, h6, _ = request(S, "GET", other_title)
check("another title, another ETag", status == 200 and h6.get("etag") != tag)

# A changed input changes the ETag (the stat of the input list), once the
# URL's last check is older than --stat-valid (default 1 s).
photo = os.path.join(args.work, "root/photos/blue.jpg")
os.utime(photo, (time.time() + 5, time.time() + 5))
time.sleep(1.1)
status, h7, _ = request(S, "GET", url, {"If-None-Match": tag})
check("touched photo: new ETag, rendered again", status == 200 and h7.get("etag") != tag, (status, h7.get("etag")))

# Rotation: a URL signed by the old key is accepted while it is in the file;
# after SIGHUP without it, refused, and the new key's URLs still accepted.
old_url = sign("/cards/og.png?title=Rotated", key="old.key")
check("old key accepted during rotation", request(S, "GET", old_url)[0] == 200)
with open(os.path.join(args.work, "new.key")) as f, open(os.path.join(args.work, "keys.txt"), "w") as out:
    out.write(f.read())
os.kill(int(open(os.path.join(args.work, "signed.pid")).read()), signal.SIGHUP)
time.sleep(0.5)
check("old key refused after SIGHUP reload", request(S, "GET", old_url)[0] == 403)
check("new key accepted after reload", request(S, "GET", sign("/cards/og.png?title=Rotated"))[0] == 200)

# 404: missing templates and the traversal set, signed or not
traversal = ["/missing.jpg", "/cards/og.gif", "/../secret.jpg", "/cards/../../secret.jpg", "/%2e%2e/secret.jpg",
             "/%2E%2E/secret.jpg", "/cards/%2e%2e/%2e%2e/secret.jpg", "/..%2fsecret.jpg", "/cards%2f..%2f..%2fsecret.jpg",
             "//etc/passwd.jpg", "/%2fetc%2fpasswd.jpg", "/link.jpg", "/cards/og%00.jpg", "/.hidden.jpg",
             "/cards/./og.jpg", "/cards/og.yaml"]
for target in traversal:
    status, _, body = request(S, "GET", target)
    signed_status, _, _ = request(S, "GET", sign(target)) if "%00" not in target else (404, None, None)
    check(f"404 {target}", status == 404 and signed_status == 404 and work not in body, (status, signed_status))
for target in ["/../secret.jpg", "/%2e%2e/secret.jpg", "/link.jpg"]:
    check(f"404 {target} (curl)", curl(f"http://{S}{target}")[0] == 404)

# 400 a bad variable name, 405 another method
check("400 bad variable name", request(S, "GET", sign("/cards/og.jpg?1x=y"))[0] == 400)
check("400 (curl)", curl(f"http://{S}" + sign("/cards/og.jpg?1x=y"))[0] == 400)
status, h, _ = request(S, "DELETE", "/cards/og.jpg")
check("405 DELETE with Allow", status == 405 and h.get("allow") == "GET, HEAD, POST", (status, h))
check("405 (curl)", curl(f"http://{S}/cards/og.jpg", "-X", "DELETE")[0] == 405)

# 422: document errors as located JSON, no path of the machine
status, h, body = request(S, "GET", sign("/bad.png"))
diagnostics = json.loads(body) if status == 422 else []
check("422 diagnostics JSON", status == 422 and h.get("content-type") == "application/json" and
      diagnostics and diagnostics[0]["file"] == "bad.yaml" and diagnostics[0]["line"] == 2 and
      diagnostics[0]["kind"] == "unknownKey", body[:300])
check("422 names no absolute path", work not in body and b"/tmp" not in body, body[:300])
status, _, body = request(S, "GET", sign("/escape.png"))
check("422 photo outside the root, relative", status == 422 and b"pathOutsideRoot" in body and work not in body
      and b"/tmp" not in body, body[:400])
check("422 (curl)", curl(f"http://{S}" + sign("/bad.png"))[0] == 422)

# POST /render (--allow-post), 413 over --max-body
document = json.dumps({"version": 1, "canvas": {"width": 40, "height": 30, "background": "#ff0000"}}).encode()
status, h, body = request(S, "POST", sign("/render?format=png", body=document), {"Content-Type": "application/json"}, document)
check("POST /render 200 PNG (request line and body signed)", status == 200 and is_png(body), (status, body[:200]))
code, _ = curl(f"http://{S}" + sign("/render?format=png", body=document), "--data-binary", document.decode(),
               "-H", "Content-Type: application/json")
check("POST /render 200 (curl)", code == 200, code)
# The body is signed: a GET-style sig (the URL alone), another body, or another key's sig is 403.
status, _, body = request(S, "POST", sign("/render?format=png"), {"Content-Type": "application/json"}, document)
check("POST with the URL-only sig 403", status == 403 and b"request line and body" in body, (status, body[:200]))
other = document.replace(b"#ff0000", b"#00ff00")
status, _, _ = request(S, "POST", sign("/render?format=png", body=document), {"Content-Type": "application/json"}, other)
check("POST with a changed body 403", status == 403, status)
status, _, _ = request(S, "POST", sign("/render?format=png", body=document, key="old.key"),
                       {"Content-Type": "application/json"}, document)
check("POST signed by the key SIGHUP dropped 403", status == 403, status)
status, _, _ = request(S, "POST", sign("/render?format=png"), {}, b" " * 5000)
check("413 body over --max-body", status == 413, status)
check("413 (curl)", subprocess.run(["curl", "-sS", "-o", "/dev/null", "-w", "%{http_code}", "--data-binary", "x" * 5000,
                                     f"http://{S}" + sign("/render?format=png")], capture_output=True, text=True)
      .stdout == "413")

# 414 and 431: libmicrohttpd's own answers past the request-size limit
long_target = "/" + "a" * 20000 + ".jpg"
check("414 long request line", request(S, "GET", long_target)[0] == 414)
check("414 (curl)", curl(f"http://{S}{long_target}")[0] == 414)
check("431 large headers", request(S, "GET", "/healthz", {"X-Big": "b" * 20000})[0] == 431)
check("431 (curl)", curl(f"http://{S}/healthz", "-H", "X-Big: " + "b" * 20000)[0] == 431)

# 503 (--jobs 1 --queue 1) and 504 (--timeout 2) on the slow SVG
results = {}


def slow(index, use_curl=False):
    target = sign(f"/slow.png?n={index}")
    if use_curl:
        code, body = curl(f"http://{S}{target}", "-D", "-")
        results[index] = (code, {"retry-after": "1"} if b"Retry-After: 1" in body else {}, body)
    else:
        results[index] = request(S, "GET", target)


threads = [threading.Thread(target=slow, args=(i, i == 3)) for i in range(4)]
for t in threads:
    t.start()
    time.sleep(0.15)
start = time.time()
for t in threads:
    t.join(30)
statuses = sorted(r[0] for r in results.values())
check("full queue: 503 with Retry-After", any(r[0] == 503 and r[1].get("retry-after") == "1" for r in results.values()),
      statuses)
check("timed out: 504 with no image", any(r[0] == 504 and not is_png(r[2]) for r in results.values()), statuses)
check("503 (curl) or 504 (curl)", results[3][0] in (503, 504), results[3][0])
abandoned = None
for _ in range(50):
    abandoned = sample(metrics(S), "collage_abandoned_renders_total")
    if abandoned and abandoned >= 1:
        break
    time.sleep(0.2)
check("/metrics counts the abandoned render", abandoned is not None and abandoned >= 1, abandoned)
check("504 (curl)", curl(f"http://{S}" + sign("/slow.png?n=9"))[0] in (504, 503))

# /metrics through prometheus_client's parser
families = metrics(S)
check("metrics: requests by route and status", (sample(families, "collage_http_requests_total", route="render", status="200")
                                               or 0) >= 5, list(families))
check("metrics: 403 and 404 counted", (sample(families, "collage_http_requests_total", route="render", status="404") or 0)
      >= len(traversal) and (sample(families, "collage_http_requests_total", route="render", status="403") or 0) >= 2)
check("metrics: a 431 counted as rejected by libmicrohttpd",
      (sample(families, "collage_http_requests_total", route="rejected", status="libmicrohttpd") or 0) >= 2)
check("metrics: render-seconds histogram", families.get("collage_render_seconds") is not None and
      families["collage_render_seconds"].type == "histogram" and
      (sample(families, "collage_render_seconds_count") or 0) >= 3)
check("metrics: queue depth, cache hits and bytes",
      sample(families, "collage_queue_depth") is not None and (sample(families, "collage_cache_hits_total") or 0) >= 1
      and (sample(families, "collage_cache_bytes") or 0) > 0)

# The access log: one JSON object a line (--log json)
with open(os.path.join(args.work, "signed.log")) as log:
    lines = [json.loads(line) for line in log if line.startswith("{")]
check("JSON access log", len(lines) >= 20 and {"time", "client", "method", "target", "status", "bytes", "seconds", "cache"}
      <= set(lines[0]) and any(line["status"] == 304 for line in lines), len(lines))

# nginx in front of the Unix socket: the image, then a proxy cache hit
nginx_card = "/cards/og.jpg?title=Through+nginx"
status, h, body = request(args.nginx, "GET", nginx_card)
check("nginx over the Unix socket: 200 JPEG", status == 200 and is_jpeg(body) and h.get("x-cache-status") == "MISS",
      (status, h))
status, h, body2 = request(args.nginx, "GET", nginx_card)
check("nginx repeat: X-Cache-Status HIT", status == 200 and h.get("x-cache-status") == "HIT" and body2 == body, h)
out = subprocess.run(["curl", "-sS", "-o", "/dev/null", "-w", "%{http_code}", "--unix-socket", args.unix,
                      "http://collage/healthz"], capture_output=True, text=True)
check("Unix socket healthz (curl)", out.stdout == "200", out.stdout)

# SIGTERM: the render in flight finishes, new connections are refused, exit 0
drained = {}


def steady():
    drained["response"] = request(O, "GET", "/steady.png", timeout=30)


thread = threading.Thread(target=steady)
thread.start()
time.sleep(0.4)
os.kill(int(open(os.path.join(args.work, "open.pid")).read()), signal.SIGTERM)
time.sleep(0.3)
try:
    refused = request(O, "GET", "/healthz", timeout=2)[0] is None
except ConnectionRefusedError:
    refused = True
except Exception as error:
    refused = False
    print("  (after SIGTERM:", repr(error), ")")
thread.join(30)
check("SIGTERM: new connections refused", refused)
response = drained.get("response")
check("SIGTERM: the render in flight finishes", response is not None and response[0] == 200 and is_png(response[2]),
      response and response[0])

finish("check-serve")
