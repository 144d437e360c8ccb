/// The live preview's page (`GET /`): plain HTML, CSS and JavaScript, no
/// framework, nothing fetched but its own server's `/image`, `/events`,
/// `/layout.json` and `/open`.
///
/// - The image is shown at 1:1 CSS pixels (the "Fit" toggle scales it to the
///   window); each `render` event reloads it (`/image?r=ID`, past any cache)
///   and the layout; a `failure` event dims it under an overlay listing the
///   diagnostics as the terminal prints them, which the next good render removes.
/// - Hovering hit-tests the pointer against the layout's photo cells and
///   overlay boxes, topmost first (overlays drawn above the photos last to
///   first, then the photos, then overlays drawn below them), each turned
///   by its node's rotation about the box centre, and shows the kind, the
///   box (canvas pixels, origin top-left, y down) and `file:line:column`.
///   A click runs `--editor` through `/open` when one was given, else copies
///   the location.
/// - "Layout" draws every cell, picture and overlay box over the image (the
///   debug layout overlay, from the JSON, in SVG); "Trim/safe" draws the
///   print trim and safe boxes, for a document with `print:`.
enum PreviewPage {
    /// The page, with the token `/open` needs and whether an editor is set.
    static func html(token: String, editor: Bool) -> String {
        template.replacing("__TOKEN__", with: token).replacing("__EDITOR__", with: editor ? "true" : "false")
    }

    static let template = #"""
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <title>collage preview</title>
    <style>
      html, body { margin: 0; background: #2b2b2b; color: #eee; font: 13px/1.4 system-ui, sans-serif; }
      header { position: sticky; top: 0; z-index: 5; display: flex; gap: 12px; align-items: center;
               padding: 6px 10px; background: #1d1d1d; border-bottom: 1px solid #444; }
      header label { cursor: pointer; user-select: none; }
      header label.off { opacity: .4; cursor: default; }
      #status { margin-left: auto; font-variant-numeric: tabular-nums; color: #aaa; }
      #stage { position: relative; display: inline-block; margin: 10px; line-height: 0; }
      #image { display: block; image-rendering: auto; }
      #image.dimmed { opacity: .35; filter: grayscale(.6); }
      #boxes { position: absolute; left: 0; top: 0; pointer-events: none; overflow: visible; }
      #errors { position: absolute; left: 0; top: 0; right: 0; min-width: 420px; z-index: 3; line-height: 1.4;
                background: rgba(20, 0, 0, .88); color: #fff; padding: 12px 14px; border: 2px solid #e04040; }
      #errors[hidden] { display: none; }
      #errors h2 { margin: 0 0 6px; font-size: 14px; color: #ff8080; }
      #errors pre { margin: 0 0 10px; font: 12px/1.35 ui-monospace, monospace; white-space: pre; overflow-x: auto; }
      #tip { position: absolute; z-index: 4; pointer-events: none; background: #ffffe0; color: #111; line-height: 1.35;
             border: 1px solid #888; padding: 3px 6px; font: 12px/1.35 ui-monospace, monospace; white-space: pre; }
      #tip[hidden] { display: none; }
      #toast { position: fixed; bottom: 12px; left: 12px; background: #333; padding: 4px 8px; border: 1px solid #666; }
      #toast[hidden] { display: none; }
    </style>
    </head>
    <body>
    <header>
      <strong>collage preview</strong>
      <label><input type="checkbox" id="fit"> Fit</label>
      <label><input type="checkbox" id="debug"> Layout</label>
      <label id="trimLabel" class="off"><input type="checkbox" id="trim" disabled> Trim/safe</label>
      <span id="status">waiting for the first render…</span>
    </header>
    <div id="stage">
      <img id="image" alt="the latest render">
      <svg id="boxes" xmlns="http://www.w3.org/2000/svg"></svg>
      <div id="errors" hidden></div>
      <div id="tip" hidden></div>
    </div>
    <div id="toast" hidden></div>
    <script>
    "use strict";
    const TOKEN = "__TOKEN__", EDITOR = __EDITOR__;
    const $ = (id) => document.getElementById(id);
    const image = $("image"), boxes = $("boxes"), errors = $("errors"), tip = $("tip"), stage = $("stage");
    let layout = null, margin = 0, hovered = null, rendered = 0;
    // For tests and tools: renders shown, failures shown, the latest render's id, when its event came and its image was shown (ms since the epoch).
    window.previewState = { renders: 0, failures: 0, lastRender: null, eventAt: null, loadedAt: null };

    function rectOf(r) { return r ? [r.x, r.y, r.width, r.height] : null; }
    // A node's rotation in degrees from its transform [a, b, c, d, tx, ty].
    function angleOf(t) { return t ? Math.atan2(t[1], t[0]) * 180 / Math.PI : 0; }
    function locationText(l) { return l ? l.file + ":" + l.line + ":" + l.column : "?"; }

    // Hit-test order, topmost first: overlays above the photos (last drawn first), photos, overlays below.
    function items() {
      if (!layout) return [];
      const photos = layout.photos.map((p) => ({ kind: "photo", label: p.id, box: p.cell, angle: angleOf(p.transform), location: p.location }));
      const overlays = layout.overlays.map((o) => ({ kind: o.kind, label: o.kind === "text" ? JSON.stringify(o.text) : (o.src || o.shape || o.text || ""),
        box: o.box, angle: angleOf(o.transform), location: o.location, below: o.layer === "below" }));
      return overlays.filter((o) => !o.below).reverse().concat(photos.slice().reverse(), overlays.filter((o) => o.below).reverse());
    }
    function contains(item, x, y) {
      const [bx, by, bw, bh] = rectOf(item.box) || [0, 0, 0, 0];
      const cx = bx + bw / 2, cy = by + bh / 2, a = -item.angle * Math.PI / 180;
      const dx = x - cx, dy = y - cy;
      const lx = cx + dx * Math.cos(a) - dy * Math.sin(a), ly = cy + dx * Math.sin(a) + dy * Math.cos(a);
      return lx >= bx && lx < bx + bw && ly >= by && ly < by + bh;
    }
    function scale() { return image.naturalWidth ? image.clientWidth / image.naturalWidth : 1; }
    // Canvas pixels (origin top-left of the canvas, which print: moves in by the bleed and slug) under a pointer event.
    function canvasPoint(event) {
      const r = image.getBoundingClientRect(), s = scale();
      return [(event.clientX - r.left) / s - margin, (event.clientY - r.top) / s - margin];
    }
    function hit(event) {
      const [x, y] = canvasPoint(event);
      return items().find((item) => contains(item, x, y)) || null;
    }

    function svg(tag, attributes) {
      const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
      for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, v);
      return node;
    }
    function box(r, colour, angle, dash) {
      const [x, y, w, h] = rectOf(r);
      const a = { x: x + margin, y: y + margin, width: w, height: h, fill: "none", stroke: colour, "stroke-width": 2, "vector-effect": "non-scaling-stroke" };
      if (angle) a.transform = "rotate(" + angle + " " + (x + margin + w / 2) + " " + (y + margin + h / 2) + ")";
      if (dash) a["stroke-dasharray"] = dash;
      return svg("rect", a);
    }
    function draw() {
      boxes.replaceChildren();
      if (!layout || !image.naturalWidth) return;
      boxes.setAttribute("width", image.clientWidth);
      boxes.setAttribute("height", image.clientHeight);
      boxes.setAttribute("viewBox", "0 0 " + image.naturalWidth + " " + image.naturalHeight);
      if ($("debug").checked) {
        for (const p of layout.photos) {
          boxes.appendChild(box(p.cell, "#00e5ff", angleOf(p.transform)));
          boxes.appendChild(box(p.destination, "#00ff66", angleOf(p.transform), "6 4"));
        }
        for (const o of layout.overlays) boxes.appendChild(box(o.box, "#ff33cc", angleOf(o.transform)));
      }
      if ($("trim").checked && layout.trim) {
        boxes.appendChild(box(layout.trim, "#ff3030"));
        boxes.appendChild(box(layout.safe, "#30a0ff", 0, "8 5"));
      }
      if (hovered) boxes.appendChild(box(hovered.box, "#ffd000", hovered.angle));
    }

    function showTip(event, item) {
      if (!item) { tip.hidden = true; return; }
      const [x, y, w, h] = rectOf(item.box).map((v) => Math.round(v * 100) / 100);
      tip.textContent = item.kind + (item.label ? " " + item.label : "") + "\n" + x + "," + y + " " + w + "x" + h
        + (item.angle ? " turned " + Math.round(item.angle * 100) / 100 + "°" : "") + "\n" + locationText(item.location)
        + "\n" + (EDITOR ? "click: open in the editor" : "click: copy the location");
      const s = stage.getBoundingClientRect();
      tip.style.left = (event.clientX - s.left + 14) + "px";
      tip.style.top = (event.clientY - s.top + 14) + "px";
      tip.hidden = false;
    }
    function toast(text) {
      const t = $("toast"); t.textContent = text; t.hidden = false;
      clearTimeout(toast.timer); toast.timer = setTimeout(() => { t.hidden = true; }, 2000);
    }
    function copy(text) {
      if (navigator.clipboard && window.isSecureContext) {
        return navigator.clipboard.writeText(text).then(() => toast("copied " + text), () => fallbackCopy(text));
      }
      fallbackCopy(text);
    }
    function fallbackCopy(text) {
      const area = document.createElement("textarea");
      area.value = text; document.body.appendChild(area); area.select();
      let ok = false; try { ok = document.execCommand("copy"); } catch (e) {}
      area.remove();
      toast(ok ? "copied " + text : "copy this: " + text);
    }

    stage.addEventListener("mousemove", (event) => {
      const item = hit(event);
      if (item !== hovered) { hovered = item; draw(); }
      showTip(event, item);
    });
    stage.addEventListener("mouseleave", () => { hovered = null; tip.hidden = true; draw(); });
    stage.addEventListener("click", (event) => {
      const item = hit(event);
      if (!item || !item.location) return;
      const l = item.location, where = locationText(l);
      if (EDITOR) {
        const query = new URLSearchParams({ file: l.file, line: l.line, column: l.column, token: TOKEN });
        fetch("/open?" + query, { method: "POST" }).then((r) => toast(r.ok ? "opened " + where : "the editor failed: " + r.status));
      } else {
        copy(where);
      }
    });
    for (const id of ["fit", "debug", "trim"]) $(id).addEventListener("change", () => {
      image.style.maxWidth = $("fit").checked ? "calc(100vw - 20px)" : "";
      draw();
    });
    image.addEventListener("load", () => {
      image.classList.remove("dimmed");
      errors.hidden = true;
      draw();
    });

    function loadLayout(id) {
      return fetch("/layout.json?r=" + id, { cache: "no-store" }).then((r) => r.json()).then((json) => {
        layout = json;
        margin = json.output ? (json.output.width - json.canvas.width) / 2 : 0;
        const trim = $("trim");
        trim.disabled = !json.trim;
        $("trimLabel").className = json.trim ? "" : "off";
        if (!json.trim) trim.checked = false;
      });
    }
    const events = new EventSource("/events");
    events.addEventListener("render", (event) => {
      const id = JSON.parse(event.data).id;
      rendered = id;
      window.previewState.eventAt = Date.now();
      loadLayout(id).then(() => {
        const done = () => {
          window.previewState.loadedAt = Date.now();
          window.previewState.renders += 1;
          window.previewState.lastRender = id;
          $("status").textContent = "render " + id + " · " + image.naturalWidth + "x" + image.naturalHeight;
          draw();
        };
        image.addEventListener("load", done, { once: true });
        image.src = "/image?r=" + id;
      });
    });
    events.addEventListener("failure", (event) => {
      const data = JSON.parse(event.data);
      window.previewState.failures += 1;
      image.classList.add("dimmed");
      errors.replaceChildren();
      const title = document.createElement("h2");
      title.textContent = "render " + data.id + " failed; " + (window.previewState.renders > 0 ? "showing the last good image" : "no render has succeeded yet");
      errors.appendChild(title);
      for (const d of data.diagnostics) {
        const pre = document.createElement("pre");
        pre.className = "diagnostic";
        pre.dataset.line = d.line; pre.dataset.column = d.column; pre.dataset.file = d.file;
        pre.textContent = d.text;
        errors.appendChild(pre);
      }
      errors.hidden = false;
      $("status").textContent = "render " + data.id + " failed";
    });
    events.addEventListener("error", () => { $("status").textContent = "disconnected; retrying…"; });
    </script>
    </body>
    </html>
    """#
}
