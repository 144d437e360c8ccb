"""The checks of scripts/check-preview (issue 43), run against the
`collage watch doc.yaml -o out.png --serve` it started, in headless Chromium
driven by Debian's python3-selenium: the page shows the render pixel for
pixel, follows an edit within 1 s (and an update reaches the page within
200 ms of the render finishing), shows a broken edit's diagnostics over the
dimmed last image and removes them on the fix, hovering shows a node's
location and a click runs --editor with it; the server refuses other
addresses and serves nothing but its routes. Prints a line per check and
`check-preview: N passed, N failed`; exits 1 on any failure.

`--write-document PATH --version NAME` only writes a version of the
document (the shell script's first one)."""
import argparse
import base64
import http.client
import json
import os
import socket
import struct
import subprocess
import sys
import time
import zlib

DOCUMENTS = {
    # Line 8 column 5 is the text overlay's item; line 2 column 10 the key the broken version misspells.
    "good": """version: 1
canvas: {width: 480, height: 300, background: "#f4f1ea"}
photos:
  - photos/blue.png
  - {src: photos/orange.png, rotation: 4}
layout: {kind: grid, columns: 2, gap: 16, padding: 24}
overlays:
  - text: "Live preview"
    anchor: bottom
    offset: [0, -30]
    font: {family: "DejaVu Sans", size: 36}
    color: "#ffffff"
    stroke: {width: 2, color: "#000000"}
""",
}
DOCUMENTS["edited"] = DOCUMENTS["good"].replace("#f4f1ea", "#203040").replace("Live preview", "Edited")
DOCUMENTS["broken"] = DOCUMENTS["edited"].replace("{width: 480", "{widht: 480")
# With print (at 150 dpi, which the 400x300 photos cover): a 12 px bleed, a 20 px safe margin and crop marks (the text's item moves to line 9).
DOCUMENTS["print"] = DOCUMENTS["edited"].replace("layout:", "print: {bleed: 12, safe: 20, marks: [crop]}\nlayout:").replace(
    "height: 300,", "height: 300, dpi: 150,")
TEXT_LOCATION = "doc.yaml:8:5"
BROKEN_LOCATION = (2, 10)

args = argparse.ArgumentParser()
args.add_argument("--write-document")
args.add_argument("--version")
args.add_argument("--url")
args.add_argument("--work")
args.add_argument("--screenshot")
args = args.parse_args()


def write_document(path, version):
    with open(path + ".tmp", "w") as f:
        f.write(DOCUMENTS[version])
    os.replace(path + ".tmp", path)


if args.write_document:
    write_document(args.write_document, args.version)
    sys.exit(0)

from selenium import webdriver  # noqa: E402  (not needed to write a document)
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

from check_lines import check, finish  # noqa: E402


def png_rgba(path):
    """(width, height, RGBA bytes) of an 8-bit, non-interlaced PNG (what collage writes)."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and interlace == 0 and colour in (0, 2, 4, 6), f"unsupported PNG {header}"
    channels = {0: 1, 2: 3, 4: 2, 6: 4}[colour]
    raw, stride = zlib.decompress(idat), width * channels
    rows, previous, offset = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[offset], bytearray(raw[offset + 1:offset + 1 + stride])
        offset += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up, corner = previous[i], previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(line))
        previous = line
    pixels = bytearray()
    for line in rows:
        for x in range(width):
            px = line[x * channels:(x + 1) * channels]
            if channels == 1:
                pixels += bytes([px[0], px[0], px[0], 255])
            elif channels == 2:
                pixels += bytes([px[0], px[0], px[0], px[1]])
            elif channels == 3:
                pixels += px + b"\xff"
            else:
                pixels += px
    return width, height, bytes(pixels)


def request(method, target, headers=None, address=None):
    """(status, headers with lower-case names, body) of one request, the target sent as given."""
    host, port = address or (server_host, server_port)
    connection = http.client.HTTPConnection(host, port, timeout=10)
    connection.putrequest(method, target, skip_host=bool(headers and "Host" in headers), skip_accept_encoding=True)
    for key, value in (headers or {}).items():
        connection.putheader(key, value)
    connection.endheaders()
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, body


def wait_for(script, timeout=10.0):
    """Polls `script` in the page every 10 ms until it returns a true value; (value, seconds waited)."""
    start = time.monotonic()
    while True:
        value = driver.execute_script(script)
        if value or time.monotonic() - start > timeout:
            return value, time.monotonic() - start
        time.sleep(0.01)


def page_pixels():
    """(width, height, RGBA bytes) of the page's <img> drawn on a canvas at its natural size."""
    encoded = driver.execute_script("""
        const img = document.getElementById('image');
        const c = document.createElement('canvas');
        c.width = img.naturalWidth; c.height = img.naturalHeight;
        const g = c.getContext('2d', {colorSpace: 'srgb'});
        g.drawImage(img, 0, 0);
        const d = g.getImageData(0, 0, c.width, c.height).data;
        let s = ''; for (let i = 0; i < d.length; i += 8192) s += String.fromCharCode.apply(null, d.subarray(i, i + 8192));
        return [c.width, c.height, btoa(s)];""")
    return encoded[0], encoded[1], base64.b64decode(encoded[2])


def image_matches_out(name):
    out = png_rgba(os.path.join(args.work, "out.png"))
    shown = page_pixels()
    same = shown == out
    detail = ""
    if not same:
        diff = sum(1 for a, b in zip(shown[2], out[2]) if a != b) if len(shown[2]) == len(out[2]) else -1
        detail = f"(page {shown[0]}x{shown[1]}, OUT {out[0]}x{out[1]}, {diff} bytes differ)"
    check(name, same, detail)


server_host, server_port = args.url.split("//")[1].rstrip("/").split(":")
server_port = int(server_port)
document = os.path.join(args.work, "doc.yaml")

options = webdriver.ChromeOptions()
for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--hide-scrollbars",
             "--force-color-profile=srgb"]:
    options.add_argument(flag)
options.binary_location = "/usr/bin/chromium"
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
try:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 640, "height": 400, "deviceScaleFactor": 1, "mobile": False})
    driver.get(args.url)
    rendered, _ = wait_for("return window.previewState && window.previewState.renders >= 1 && window.previewState.lastRender")
    check("the page shows the first render", bool(rendered), f"(state {driver.execute_script('return window.previewState')})")
    image = driver.find_element(By.ID, "image")
    size = driver.execute_script("const i = arguments[0]; return [i.clientWidth, i.clientHeight, i.naturalWidth, i.naturalHeight]", image)
    check("the image is shown at 1:1 CSS pixels", size == [480, 300, 480, 300], f"({size})")
    image_matches_out("the page's pixels equal OUT's, exactly")

    # An edit: the page follows it.
    before = driver.execute_script("return window.previewState.lastRender")
    started = time.monotonic()
    write_document(document, "edited")
    updated, waited = wait_for(f"return window.previewState.lastRender > {before} && window.previewState.lastRender", timeout=5)
    check(f"an edit updates the image within 1 s (took {waited * 1000:.0f} ms from the save)", bool(updated) and waited < 1.0)
    image_matches_out("after the edit, the page's pixels equal the new OUT's")
    written_ms = os.stat(os.path.join(args.work, "out.png")).st_ctime_ns / 1e6
    event_ms, loaded_ms = driver.execute_script("return [window.previewState.eventAt, window.previewState.loadedAt]")
    check(f"the render event reached the page {event_ms - written_ms:.0f} ms after OUT was written (limit 200)",
          0 <= event_ms - written_ms < 200)
    check(f"the new image was on the page {loaded_ms - written_ms:.0f} ms after OUT was written (limit 200)",
          0 <= loaded_ms - written_ms < 200)

    # A broken edit: the diagnostics over the dimmed last image; the fix removes them.
    failures = driver.execute_script("return window.previewState.failures")
    write_document(document, "broken")
    broke, _ = wait_for(f"return window.previewState.failures > {failures}", timeout=5)
    overlay = driver.find_element(By.ID, "errors")
    diagnostic = driver.execute_script("""const d = document.querySelector('#errors pre.diagnostic');
        return d && [d.dataset.file, Number(d.dataset.line), Number(d.dataset.column), d.textContent]""")
    line, column = BROKEN_LOCATION
    check("a broken edit shows the overlay", bool(broke) and overlay.is_displayed())
    check(f"the overlay names doc.yaml:{line}:{column} with the source line and caret",
          diagnostic is not None and diagnostic[:3] == ["doc.yaml", line, column]
          and diagnostic[3].startswith(f"doc.yaml:{line}:{column}: error: unknown key 'widht' in 'canvas'")
          and "\ncanvas: {widht: 480" in diagnostic[3] and "\n" + " " * (column - 1) + "^\n" in diagnostic[3],
          f"({diagnostic})")
    opacity = driver.execute_script("return Number(getComputedStyle(document.getElementById('image')).opacity)")
    check(f"the last good image stays, dimmed (opacity {opacity})", opacity < 0.5 and image.get_attribute("src").endswith(f"r={updated}"))
    log = open(os.path.join(args.work, "watch.log")).read()
    check("the terminal printed the same diagnostic", diagnostic is not None and diagnostic[3] in log)
    before = driver.execute_script("return window.previewState.lastRender")
    write_document(document, "edited")
    fixed, _ = wait_for(f"return window.previewState.lastRender > {before} && document.getElementById('errors').hidden", timeout=5)
    opacity = driver.execute_script("return Number(getComputedStyle(document.getElementById('image')).opacity)")
    check("fixing it removes the overlay and the dimming", bool(fixed) and not overlay.is_displayed() and opacity == 1)

    # Hover: the text overlay's location; the layout toggle; a click runs the editor.
    layout = json.loads(request("GET", "/layout.json")[2])
    text = next(o for o in layout["overlays"] if o["kind"] == "text")
    photo = layout["photos"][1]
    location = "%s:%d:%d" % (text["location"]["file"], text["location"]["line"], text["location"]["column"])
    check(f"layout.json gives the text overlay's location {TEXT_LOCATION}", location == TEXT_LOCATION, f"({location})")
    check("layout.json gives the turned photo's location doc.yaml:5:5",
          photo["location"] == {"file": "doc.yaml", "line": 5, "column": 5}, f"({photo['location']})")
    box = text["box"]
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    driver.find_element(By.ID, "debug").click()
    rects = driver.execute_script("return document.querySelectorAll('#boxes rect').length")
    check("the layout toggle draws every cell, picture and overlay box", rects == 2 * len(layout["photos"]) + len(layout["overlays"]),
          f"({rects} rects)")
    trim = driver.execute_script("return document.getElementById('trim').disabled")
    check("the trim/safe toggle is off for a document without print", trim is True)
    ActionChains(driver).move_to_element_with_offset(image, int(cx - 240), int(cy - 150)).perform()
    tip, _ = wait_for("const t = document.getElementById('tip'); return !t.hidden && t.textContent", timeout=3)
    check(f"hovering the text shows its kind, box and {TEXT_LOCATION}",
          bool(tip) and tip.startswith('text "Edited"') and TEXT_LOCATION in tip, f"({tip!r})")
    # A corner of the turned photo's cell that the turn moves out: outside the print, so the page background.
    pcell = photo["cell"]
    ActionChains(driver).move_to_element_with_offset(image, int(pcell["x"] + pcell["width"] / 2 - 240),
                                                     int(pcell["y"] + pcell["height"] / 2 - 150)).perform()
    tip_photo, _ = wait_for("const t = document.getElementById('tip'); return !t.hidden && t.textContent", timeout=3)
    check("hovering the turned photo shows it at doc.yaml:5:5",
          bool(tip_photo) and tip_photo.startswith("photo orange") and "turned 4°" in tip_photo and "doc.yaml:5:5" in tip_photo,
          f"({tip_photo!r})")
    # 3 px inside the unturned cell's top-left corner: the 4° turn about the centre moved the print off it.
    ActionChains(driver).move_to_element_with_offset(image, int(pcell["x"] + 3 - 240), int(pcell["y"] + 3 - 150)).perform()
    corner, _ = wait_for("const t = document.getElementById('tip'); return t.hidden ? 'hidden' : t.textContent", timeout=3)
    check("hovering a corner of the cell the turn left empty shows no node", corner == "hidden", f"({corner!r})")
    ActionChains(driver).move_to_element_with_offset(image, int(cx - 240), int(cy - 150)).perform()
    wait_for("return document.getElementById('tip').textContent.startsWith('text')", timeout=3)
    if args.screenshot:
        os.makedirs(os.path.dirname(args.screenshot), exist_ok=True)
        driver.save_screenshot(args.screenshot)
        print(f"     screenshot: {args.screenshot}")
    editor_file = os.path.join(args.work, "editor.txt")
    ActionChains(driver).click().perform()
    deadline = time.monotonic() + 5
    while not os.path.exists(editor_file) and time.monotonic() < deadline:
        time.sleep(0.02)
    argv = open(editor_file).read() if os.path.exists(editor_file) else None
    check(f"a click runs --editor with {TEXT_LOCATION} as one argument", argv == f"--goto\n{TEXT_LOCATION}\n", f"({argv!r})")

    # A document with print: the trim/safe toggle draws both boxes; hover finds the text inside the bleed and slug.
    before = driver.execute_script("return window.previewState.lastRender")
    write_document(document, "print")
    printed, _ = wait_for(f"return window.previewState.lastRender > {before} && !document.getElementById('trim').disabled", timeout=5)
    layout = json.loads(request("GET", "/layout.json")[2])
    margin = (layout["output"]["width"] - layout["canvas"]["width"]) / 2 if "output" in layout else None
    check(f"with print: the trim/safe toggle is on offer (output {layout.get('output')}, margin {margin})",
          bool(printed) and margin is not None and margin > 12)
    print_boxes = "return [...document.querySelectorAll('#boxes rect')].filter((r) => ['#ff3030', '#30a0ff'].includes(r.getAttribute('stroke'))).length"
    count = driver.execute_script(print_boxes)
    driver.find_element(By.ID, "trim").click()
    added = driver.execute_script(print_boxes) - count
    trim_rect = driver.execute_script("""const r = [...document.querySelectorAll('#boxes rect')].find((r) => r.getAttribute('stroke') === '#ff3030');
        return r && ['x', 'y', 'width', 'height'].map((k) => Number(r.getAttribute(k)))""")
    check("the trim/safe toggle draws the trim and the safe box, the trim at the margin",
          added == 2 and trim_rect == [margin, margin, layout["canvas"]["width"], layout["canvas"]["height"]], f"({added}, {trim_rect})")
    text = next(o for o in layout["overlays"] if o["kind"] == "text")
    box = text["box"]
    out_width, out_height = layout.get("output", layout["canvas"])["width"], layout.get("output", layout["canvas"])["height"]
    margin = margin or 0
    ActionChains(driver).move_to_element_with_offset(
        image, int(margin + box["x"] + box["width"] / 2 - out_width / 2), int(margin + box["y"] + box["height"] / 2 - out_height / 2)).perform()
    tip, _ = wait_for("const t = document.getElementById('tip'); return !t.hidden && t.textContent.startsWith('text') && t.textContent", timeout=3)
    check("with print: hovering the text (moved by the bleed and slug) shows doc.yaml:9:5", bool(tip) and "doc.yaml:9:5" in tip, f"({tip!r})")
    image_matches_out("with print: the page's pixels equal OUT's (the trim, bleed and slug)")

    # The server: loopback only, its routes only.
    token = driver.execute_script("return TOKEN")
    addresses = [a for a in subprocess.run(["hostname", "-I"], capture_output=True, text=True).stdout.split()
                 if "." in a and not a.startswith("127.")]
    check("this machine has a non-loopback IPv4 address to try", bool(addresses), "(hostname -I)")
    for address in addresses[:1]:
        try:
            socket.create_connection((address, server_port), timeout=3).close()
            refused = False
        except ConnectionRefusedError:
            refused = True
        except OSError as error:
            refused = f"not refused but {error}"
        check(f"a connection to {address}:{server_port} is refused", refused is True, f"({refused})")
    status, headers, body = request("GET", "/image?r=1")
    check("/image is OUT's bytes as image/png, no-cache, with an ETag",
          status == 200 and headers.get("content-type") == "image/png" and body == open(os.path.join(args.work, "out.png"), "rb").read()
          and headers.get("cache-control") == "no-cache" and headers.get("etag", "").startswith('"'), f"({status} {headers})")
    status304 = request("GET", "/image", {"If-None-Match": headers.get("etag", "")})[0]
    check("/image with its ETag is 304", status304 == 304, f"({status304})")
    # /events never ends: read its first bytes off the socket.
    stream = socket.create_connection((server_host, server_port), timeout=3)
    stream.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{server_port}\r\n\r\n".encode())
    received = b""
    try:
        while b"event: render\nid: " not in received:
            chunk = stream.recv(4096)
            if not chunk:
                break
            received += chunk
    except OSError:
        pass
    stream.close()
    head, _, body = received.partition(b"\r\n\r\n")
    check("/events is a text/event-stream that starts with the latest render",
          head.startswith(b"HTTP/1.1 200") and b"\r\nContent-Type: text/event-stream\r\n" in head
          and b"retry: 500\n\n" in body and b"event: render\nid: " in body, f"({received!r})")
    for target in ["/index.html", "/doc.yaml", "/out.png", "/../doc.yaml", "/%2e%2e/doc.yaml", "/image/../doc.yaml",
                   "//etc/passwd", "/etc/passwd", os.path.join(args.work, "doc.yaml"), "/image/", "/events/x",
                   f"http://127.0.0.1:{server_port}/../doc.yaml", "/favicon.ico"]:
        status = request("GET", target)[0]
        check(f"GET {target} is 404", status == 404, f"({status})")
    status = request("GET", "/", {"Host": f"evil.example:{server_port}"})[0]
    check("a request with another Host (DNS rebinding) is 403", status == 403, f"({status})")
    twice = socket.create_connection((server_host, server_port), timeout=10)
    twice.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{server_port}\r\nHost: evil.example\r\n\r\n".encode())
    answer = twice.recv(64)
    twice.close()
    check("a request with two Host headers is 400 (RFC 9112 3.2)", answer.startswith(b"HTTP/1.1 400"), f"({answer!r})")
    hostless = socket.create_connection((server_host, server_port), timeout=10)
    hostless.sendall(b"GET / HTTP/1.1\r\n\r\n")
    answer = hostless.recv(64)
    hostless.close()
    check("an HTTP/1.1 request without Host is 400 (RFC 9112 3.2)", answer.startswith(b"HTTP/1.1 400"), f"({answer!r})")
    status = request("POST", f"/open?file=doc.yaml&line=1&column=1&token=wrong")[0]
    check("/open with a wrong token is 403", status == 403, f"({status})")
    status = request("POST", f"/open?file=/etc/passwd&line=1&column=1&token={token}")[0]
    check("/open of a file that is not the document's is 403", status == 403, f"({status})")
    status = request("PUT", "/image")[0]
    check("PUT /image is 405", status == 405, f"({status})")
    # 70 /events streams left open (tabs closed without a goodbye): the
    # newest 16 stay, older ones are ended, and the page still loads.
    streams = []
    for _ in range(70):
        s = socket.create_connection((server_host, server_port), timeout=10)
        s.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{server_port}\r\n\r\n".encode())
        streams.append(s)
    started = time.monotonic()
    try:
        status = request("GET", "/")[0]
    except OSError as error:
        status = repr(error)
    check(f"with 70 /events streams opened the page still loads ({time.monotonic() - started:.2f} s)", status == 200, f"({status})")
    for s in streams:
        s.close()
finally:
    driver.quit()

finish("check-preview")
