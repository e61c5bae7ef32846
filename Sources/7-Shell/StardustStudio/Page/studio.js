// Stardust Studio page: plain JavaScript, no build step. Protocol: docs/STUDIO.md.
'use strict';
// Transport icons as inline SVG: font glyphs (⏮ ⏸ ▶ ⏭) draw as empty boxes on machines without a font that has them.
const ICONS = {
  play: '<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"><path d="M4 2.5v11l9-5.5z" fill="currentColor"/></svg>',
  pause: '<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"><rect x="3.5" y="2.5" width="3" height="11" fill="currentColor"/><rect x="9.5" y="2.5" width="3" height="11" fill="currentColor"/></svg>',
};
const token = new URLSearchParams(location.search).get('token') || '';
const $ = (id) => document.getElementById(id);
const canvas = $('preview'), ctx = canvas.getContext('2d');
let ws = null, scene = null, state = null, signature = '', scrubbing = false, gestureCounter = 0;
let framesReceived = 0, lastFrameTime = 0;
// What shows the document again when the server refuses the last edit of a control that keeps its own copy (a
// polygon's vertex list); cleared by the next scene message, which rebuilds the controls when the edit was taken.
let revertOnError = null;
window.studio = { framesReceived: () => framesReceived, lastFrameTime: () => lastFrameTime, send: (m) => send(m) };

function status(text, isError) { const s = $('status'); s.textContent = text; s.className = isError ? 'error' : ''; }
function send(message) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(message)); }
function api(path) { return path + (path.includes('?') ? '&' : '?') + 'token=' + encodeURIComponent(token); }

function connect() {
  ws = new WebSocket(`ws://${location.host}/ws?token=${encodeURIComponent(token)}`);
  ws.binaryType = 'arraybuffer';
  ws.onopen = () => status('connected');
  ws.onclose = () => { status('disconnected; reconnecting…', true); setTimeout(connect, 1000); };
  ws.onmessage = (ev) => {
    if (typeof ev.data === 'string') { onText(JSON.parse(ev.data)); } else { drawFrame(ev.data); }
  };
}

// A frame: "SDF1", width, height, serial (UInt32 LE), time (Float64 LE), then straight RGBA.
function drawFrame(buffer) {
  const v = new DataView(buffer);
  if (buffer.byteLength < 24 || v.getUint32(0, false) !== 0x53444631) return;
  const w = v.getUint32(4, true), h = v.getUint32(8, true), t = v.getFloat64(16, true);
  if (buffer.byteLength !== 24 + w * h * 4) return;
  if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; }
  ctx.putImageData(new ImageData(new Uint8ClampedArray(buffer, 24, w * h * 4), w, h), 0, 0);
  framesReceived += 1; lastFrameTime = t;
  if (!scrubbing) $('scrub').value = t;
  $('clock').textContent = t.toFixed(2) + ' s';
  $('frame-time').textContent = String(t); canvas.dataset.time = String(t);
}

function onText(m) {
  if (m.type === 'scene') { scene = m; revertOnError = null; renderScene(); }
  else if (m.type === 'state') { state = m; renderState(); }
  else if (m.type === 'error') { status(m.message, true); if (revertOnError) { revertOnError(); revertOnError = null; } }
  else if (m.type === 'status') { status(m.message); }
}

function renderState() {
  const icon = state.playing ? 'pause' : 'play';
  if ($('play').dataset.icon !== icon) { $('play').innerHTML = ICONS[icon]; $('play').dataset.icon = icon; }
  canvas.dataset.state = state.playing ? 'playing' : 'paused';
  $('undo').disabled = !state.canUndo; $('redo').disabled = !state.canRedo;
  const sp = $('speed'); if ([...sp.options].some(o => +o.value === state.speed)) sp.value = String(state.speed);
  // Layers not drawn at the playhead (hidden, or inside a hidden layer) are marked in the list.
  const hidden = new Set(state.hiddenLayers || []);
  for (const d of document.querySelectorAll('#controls details[data-layer]')) d.classList.toggle('not-drawn', hidden.has(d.dataset.layer));
}

function renderScene() {
  $('source').textContent = `${scene.source} — ${scene.size[0]}×${scene.size[1]} pt, ${scene.duration} s at ${scene.fps} fps`;
  $('scrub').max = scene.duration;
  const ps = $('preset');
  if (ps.options.length !== scene.presets.length) {
    ps.innerHTML = '';
    for (const p of ['', ...scene.presets]) { const o = document.createElement('option'); o.value = p; o.textContent = p || '—'; ps.appendChild(o); }
  }
  // The menu shows the preset that is open (the blank entry for a scene or effect file).
  ps.value = scene.presets.includes(scene.source) ? scene.source : '';
  const ex = $('exports'); ex.innerHTML = '';
  for (const f of scene.exports) {
    const a = document.createElement('a'); a.className = 'button'; a.textContent = f.toUpperCase();
    a.href = api('/api/export?format=' + f); a.download = ''; a.id = 'export-' + f; ex.appendChild(a);
  }
  const save = $('save-json'); save.href = api('/api/scene.json');
  save.classList.toggle('disabled', !scene.canSaveJSON);
  // Rebuild the controls only when the structure changed; else refresh values not being edited. Source-edited
  // groups (cell extensions, an emitter's path) count as structure: a mode switch changes which controls show.
  const sig = JSON.stringify([scene.layers.map(l => [l.path, l.kind, (l.cells || []).length, (l.animations || []).length, cellSig(l.cells || []), l.emitterPath || null]),
    physicsSig(scene.physics)]);
  if (sig !== signature) { signature = sig; buildControls(); } else { refreshValues(); }
}
function cellSig(cells) { return cells.map(c => [c.keyPath, c.extensions || null, cellSig(c.cells)]); }
function physicsSig(p) { return p ? [p.editable, p.world.length, p.bodies.map(b => [b.name, b.properties.length]), p.joints.map(j => [j.name, j.properties.length])] : null; }

const controls = new Map(); // id → {set(value), busy()}

function buildControls() {
  const root = $('controls'); root.innerHTML = ''; controls.clear();
  for (const layer of scene.layers) {
    const d = document.createElement('details'); d.open = layer.kind === 'emitter'; d.dataset.layer = layer.path;
    d.innerHTML = `<summary></summary>`;
    // A layer without a name is shown by what it is and holds ("text “Happy holidays”"), not by its index path.
    d.querySelector('summary').textContent = layer.name || (layer.path === '' ? 'root' : `${layer.kind} ${layer.summary}`);
    const k = document.createElement('span'); k.className = 'kind';
    k.textContent = layer.name ? `${layer.kind} · ${layer.summary}` : layer.kind;
    d.querySelector('summary').appendChild(k);
    d.appendChild(row(`L${layer.path}:opacity`, { key: 'opacity', kind: 'number', value: layer.opacity },
      v => send({ type: 'setLayer', layer: layer.path, keyPath: 'opacity', value: v })));
    d.appendChild(row(`L${layer.path}:hidden`, { key: 'hidden', kind: 'bool', value: layer.hidden },
      v => send({ type: 'setLayer', layer: layer.path, keyPath: 'hidden', value: v })));
    if (layer.drawing) {
      // A shape's dash pattern and phase, a gradient's type and end points (setLayer edits).
      const h = document.createElement('h4'); h.textContent = layer.kind === 'shape' ? 'Stroke' : 'Gradient'; d.appendChild(h);
      for (const p of layer.drawing) d.appendChild(row(`D${layer.path}:${p.key}`, p,
        v => send({ type: 'setLayer', layer: layer.path, keyPath: p.key, value: v })));
    }
    // Compositing filter, shadow and replicator copies (docs/DRAWING.md).
    for (const p of layer.compositing || []) d.appendChild(row(`L${layer.path}:${p.key}`, p,
      v => send({ type: 'setLayer', layer: layer.path, keyPath: p.key, value: v })));
    if (layer.emitter) {
      const h = document.createElement('h4'); h.textContent = 'Emitter'; d.appendChild(h);
      for (const p of layer.emitter) d.appendChild(row(`E${layer.path}:${p.key}`, p, (v, g) => send({ type: 'set', layer: layer.path, keyPath: p.key, value: v, gesture: g })));
      if (layer.emitterPath) d.appendChild(sourceControls(layer.emitterPath));
      for (const c of layer.cells) d.appendChild(cellControls(layer, c));
    }
    for (const a of layer.animations || []) {
      const ad = document.createElement('details'); ad.innerHTML = '<summary></summary>';
      ad.querySelector('summary').textContent = `animation ${a.key}` + (a.keyPath ? ` (${a.keyPath})` : '');
      for (const p of a.timing) ad.appendChild(row(`A${layer.path}:${a.key}:${p.key}`, p,
        v => send({ type: 'setAnimation', layer: layer.path, key: a.key, field: p.key, value: v })));
      d.appendChild(ad);
    }
    root.appendChild(d);
  }
  physicsControls(root);
}

// Physics bodies and joints: editable (a setSource message per JSON path) when the scene came from JSON.
function physicsControls(root) {
  const p = scene.physics;
  if (!p || (p.bodies.length === 0 && p.joints.length === 0 && p.world.length === 0 && p.editable)) return;
  const d = document.createElement('details'); d.id = 'physics'; d.open = true; d.innerHTML = '<summary>Physics</summary>';
  if (p.note) { const n = document.createElement('div'); n.className = 'physics-note'; n.textContent = p.note; d.appendChild(n); }
  const one = (title, item, prefix) => {
    const sd = document.createElement('details'); sd.innerHTML = '<summary></summary>'; sd.querySelector('summary').textContent = title;
    sd.dataset.physics = prefix;
    for (const q of item.properties) {
      sd.appendChild(row(`P${prefix}:${q.key}`, q, q.path ? (v) => send({ type: 'setSource', path: q.path, value: v }) : null));
    }
    d.appendChild(sd);
  };
  if (p.world.length) one('world', { properties: p.world }, 'world');
  p.bodies.forEach((b, i) => one('body ' + b.name, b, 'body' + i));
  p.joints.forEach((j, i) => one('joint ' + j.name, j, 'joint' + i));
  root.appendChild(d);
}

function cellControls(layer, cell) {
  const d = document.createElement('details'); d.open = true; d.innerHTML = '<summary></summary>';
  d.querySelector('summary').textContent = 'cell ' + (cell.name || cell.index);
  if (!cell.keyPath) { d.classList.add('readonly'); d.title = 'A cell needs a unique name to be edited by key path.'; }
  for (const p of cell.properties) {
    const id = `C${layer.path}:${cell.index}:${p.key}`;
    d.appendChild(row(id, p, cell.keyPath ? (v, g) => send({ type: 'set', layer: layer.path, keyPath: cell.keyPath + '.' + p.key, value: v, gesture: g }) : null));
  }
  if (cell.extensions) d.appendChild(extensionControls(cell));
  for (const c of cell.cells) d.appendChild(cellControls(layer, c));
  return d;
}

// Cell extensions beyond Core Animation (docs/STUDIO.md "Cell extensions"): alpha and scale curves in a small
// editor (drag a point; double-click to add one; alt-click to remove one), the color ramp's stops, and the
// numbers of the cell's fields and colliders (a polygon's vertices as a list, a layer or body collider's name as a
// menu), with buttons adding and removing bursts, colliders and attractors.
// Each edit writes the cell's JSON (a setSource, addSource or removeSource message).
function extensionControls(cell) {
  const box = sourceControls(cell.extensions);
  const h = document.createElement('h4'); h.textContent = 'Beyond Core Animation'; box.prepend(h);
  return box;
}

// Controls that write the source's JSON (setSource). Those of a group (a cell's texture sheet, an emitter's path)
// sit under the group's heading, marked "(off)" until the JSON has the group: editing one of them adds it.
const GROUP_TITLES = { textureSheet: 'Texture sheet', emitterPath: 'Emit from a path or a layer',
  'fields.vortex': 'Vortex', 'fields.turbulence': 'Turbulence' };
function sourceControls(items) {
  const box = document.createElement('div'); box.className = 'extensions';
  let group = null;
  for (const x of items) {
    if (x.group && x.group !== group) {
      const h = document.createElement('h5'); h.dataset.group = x.group;
      h.textContent = (GROUP_TITLES[x.group] || x.group) + (x.present ? '' : ' (off)'); box.appendChild(h);
    }
    group = x.group || null;
    if (x.kind === 'curve') box.appendChild(curveEditor(x));
    else if (x.kind === 'ramp') box.appendChild(rampEditor(x));
    else if (x.kind === 'vertices') box.appendChild(verticesEditor(x));
    else if (x.kind === 'add') box.appendChild(addItemButton(x));
    else if (x.kind === 'remove') box.appendChild(removeItemButton(x));
    // The vortex and turbulence: a checkbox that adds the object (with defaults) or removes it.
    else if (x.kind === 'switch') box.appendChild(row('X' + x.path, { key: x.key, kind: 'bool', value: x.value },
      v => send({ type: v ? 'addSource' : 'removeSource', path: x.path })));
    else box.appendChild(row('X' + x.path, x, v => send({ type: 'setSource', path: x.path, value: v })));
  }
  return box;
}

// "+ bursts", "+ colliders" (with a menu of shapes: floor, line, rectangle, circle, polygon, layer, body), "+ fields.attractors":
// an addSource message; the server places the new item (a floor at the emitter's bottom) and refuses past 16.
function addItemButton(x) {
  const r = document.createElement('div'); r.className = 'row add-item';
  const b = document.createElement('button'); b.type = 'button'; b.textContent = '+ ' + x.key; b.dataset.add = x.path;
  let sel = null;
  if (x.options) {
    sel = document.createElement('select'); sel.dataset.addKind = x.path;
    for (const o of x.options) { const e = document.createElement('option'); e.value = o; e.textContent = o; sel.appendChild(e); }
  }
  b.addEventListener('click', () => send(sel ? { type: 'addSource', path: x.path, value: sel.value } : { type: 'addSource', path: x.path }));
  r.appendChild(b); if (sel) r.appendChild(sel);
  return r;
}

// "− bursts[1]", "− collider": a removeSource message.
function removeItemButton(x) {
  const r = document.createElement('div'); r.className = 'row remove-item';
  const b = document.createElement('button'); b.type = 'button'; b.textContent = '− ' + x.key; b.dataset.remove = x.path;
  b.addEventListener('click', () => send({ type: 'removeSource', path: x.path }));
  r.appendChild(b);
  return r;
}

function curveEditor(x) {
  const NS = 'http://www.w3.org/2000/svg', W = 200, H = 80;
  const r = document.createElement('div'); r.className = 'row multi curve';
  const label = document.createElement('label'); label.textContent = x.key + (x.present ? '' : ' (off)');
  label.title = 'Multiplier over each particle\'s life (0 = birth, 1 = death). Drag a point; double-click to add one; alt-click to remove one.';
  const svg = document.createElementNS(NS, 'svg'); svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.classList.add('curve-editor'); svg.dataset.path = x.path;
  let stops = x.stops.map(s => [+s[0], +s[1]]);
  const top = Math.max(1.5, ...stops.map(s => s[1] * 1.25));
  // A margin of 6 so that the points at the ends are whole and easy to grab.
  const M = 6, px = t => M + t * (W - 2 * M), py = v => M + (1 - Math.min(v, top) / top) * (H - 2 * M);
  const line = document.createElementNS(NS, 'polyline'); svg.appendChild(line);
  const one = document.createElementNS(NS, 'line'); one.setAttribute('class', 'unit');
  one.setAttribute('x1', M); one.setAttribute('x2', W - M); one.setAttribute('y1', py(1)); one.setAttribute('y2', py(1)); svg.appendChild(one);
  const commit = () => send({ type: 'setSource', path: x.path, value: stops.map(s => [+s[0].toFixed(4), +s[1].toFixed(4)]) });
  const toCurve = (ev) => {
    const b = svg.getBoundingClientRect(), x = (ev.clientX - b.left) / b.width * W, y = (ev.clientY - b.top) / b.height * H;
    return [(x - M) / (W - 2 * M), (1 - (y - M) / (H - 2 * M)) * top];
  };
  const draw = () => {
    line.setAttribute('points', [[0, stops[0][1]], ...stops, [1, stops[stops.length - 1][1]]].map(s => `${px(s[0])},${py(s[1])}`).join(' '));
    svg.querySelectorAll('circle').forEach(c => c.remove());
    stops.forEach((s, i) => {
      const c = document.createElementNS(NS, 'circle'); c.setAttribute('cx', px(s[0])); c.setAttribute('cy', py(s[1])); c.setAttribute('r', 4);
      c.dataset.stop = i;
      c.addEventListener('pointerdown', (ev) => {
        ev.stopPropagation();
        if (ev.altKey) { if (stops.length > 1) { stops.splice(i, 1); draw(); commit(); } return; }
        try { c.setPointerCapture(ev.pointerId); } catch (e) { /* a synthetic event: moves still reach the point */ }
        const move = (e) => {
          const [t, v] = toCurve(e);
          const lo = i > 0 ? stops[i - 1][0] : 0, hi = i < stops.length - 1 ? stops[i + 1][0] : 1;
          stops[i] = [Math.min(hi, Math.max(lo, t)), Math.min(top, Math.max(0, v))];
          c.setAttribute('cx', px(stops[i][0])); c.setAttribute('cy', py(stops[i][1]));
          line.setAttribute('points', [[0, stops[0][1]], ...stops, [1, stops[stops.length - 1][1]]].map(s => `${px(s[0])},${py(s[1])}`).join(' '));
        };
        const up = () => { c.removeEventListener('pointermove', move); c.removeEventListener('pointerup', up); draw(); commit(); };
        c.addEventListener('pointermove', move); c.addEventListener('pointerup', up);
      });
      svg.appendChild(c);
    });
  };
  svg.addEventListener('dblclick', (ev) => {
    if (stops.length >= 16) return;
    const [t, v] = toCurve(ev);
    stops.push([Math.min(1, Math.max(0, t)), Math.min(top, Math.max(0, v))]); stops.sort((a, b) => a[0] - b[0]); draw(); commit();
  });
  draw();
  r.append(label, svg);
  return r;
}

function rampEditor(x) {
  const r = document.createElement('div'); r.className = 'row multi ramp';
  const label = document.createElement('label'); label.textContent = x.key + (x.present ? '' : ' (off)');
  label.title = 'Colour multiplying each particle\'s colour over its life: a time (0…1) and a colour per stop.';
  const box = document.createElement('span'); box.className = 'stops'; box.dataset.path = x.path;
  const hex = (c) => typeof c === 'string' ? c.slice(0, 7)
    : '#' + c.slice(0, 3).map(v => Math.round(Math.min(1, Math.max(0, v)) * 255).toString(16).padStart(2, '0')).join('');
  const stops = x.stops.map(s => [+s[0], hex(s[1])]);
  const commit = () => send({ type: 'setSource', path: x.path, value: stops.slice().sort((a, b) => a[0] - b[0]) });
  const draw = () => {
    box.innerHTML = '';
    stops.forEach((s, i) => {
      const t = document.createElement('input'); t.type = 'number'; t.min = 0; t.max = 1; t.step = 0.05; t.value = s[0]; t.title = 'time';
      const c = document.createElement('input'); c.type = 'color'; c.value = s[1];
      t.addEventListener('change', () => { if (isFinite(+t.value)) { s[0] = Math.min(1, Math.max(0, +t.value)); commit(); } });
      c.addEventListener('change', () => { s[1] = c.value; commit(); });
      box.append(t, c);
    });
    if (stops.length < 16) {
      const add = document.createElement('button'); add.textContent = '+'; add.title = 'Add a stop at the end';
      add.addEventListener('click', () => { stops.push([1, stops[stops.length - 1][1]]); draw(); commit(); });
      box.appendChild(add);
    }
  };
  draw();
  r.append(label, box);
  return r;
}

// A polygon collider's vertices, like the ramp's stops: a row of x and y per vertex, − removing it (not below 3),
// + adding one (up to 16). The whole list is sent on each change (one setSource, one undo step) and the scene loader
// judges it; a polygon it refuses (not convex) is named in the status line and the list shows the document's again.
function verticesEditor(x) {
  const r = document.createElement('div'); r.className = 'row multi vertices';
  const label = document.createElement('label'); label.textContent = x.key;
  label.title = 'The vertices in order around the polygon, which must be convex (3 to 16): x and y per row. '
    + '− removes a vertex; + adds one on the longest edge, pushed out so that the polygon stays convex.';
  const box = document.createElement('span'); box.className = 'stops'; box.dataset.path = x.path;
  const shown = (x.value || []).map(v => [+v[0], +v[1]]);
  let points = shown.map(p => p.slice());
  const commit = () => {
    revertOnError = () => { points = shown.map(p => p.slice()); draw(); };
    send({ type: 'setSource', path: x.path, value: points });
  };
  const draw = () => {
    box.innerHTML = '';
    points.forEach((p, i) => {
      const line = document.createElement('span'); line.className = 'vertex'; line.dataset.vertex = i;
      for (const k of [0, 1]) {
        const n = document.createElement('input'); n.type = 'number'; n.step = 'any'; n.value = +p[k].toFixed(6); n.title = k ? 'y' : 'x';
        n.addEventListener('change', () => { if (n.value !== '' && isFinite(+n.value)) { p[k] = +n.value; commit(); } });
        line.appendChild(n);
      }
      const remove = document.createElement('button'); remove.type = 'button'; remove.textContent = '−'; remove.title = 'Remove this vertex';
      remove.disabled = points.length <= 3;
      remove.addEventListener('click', () => { points.splice(i, 1); draw(); commit(); });
      line.appendChild(remove);
      box.appendChild(line);
    });
    if (points.length < 16) {
      const add = document.createElement('button'); add.type = 'button'; add.textContent = '+'; add.title = 'Add a vertex on the longest edge';
      add.addEventListener('click', () => { addVertex(points); draw(); commit(); });
      box.appendChild(add);
    }
  };
  draw();
  r.append(label, box);
  return r;
}

// Inserts a vertex into `points` (a convex polygon) at the middle of its longest edge, pushed outwards: a point on
// the edge would put three on a line, which the loader refuses. The push is a tenth of the edge, or half of what the
// neighbouring edges allow (where their lines meet beyond the edge) when that is less, so the polygon stays convex.
function addVertex(points) {
  const count = points.length, at = (i) => points[(i + count) % count];
  const cross = (u, v) => u[0] * v[1] - u[1] * v[0], minus = (u, v) => [u[0] - v[0], u[1] - v[1]];
  let best = 0;
  for (let i = 1; i < count; i++) if (Math.hypot(...minus(at(i + 1), at(i))) > Math.hypot(...minus(at(best + 1), at(best)))) best = i;
  // The signed area tells the winding, and so which side of the edge is outside.
  let area = 0;
  for (let i = 0; i < count; i++) area += cross(at(i), at(i + 1));
  const p = at(best - 1), a = at(best), b = at(best + 1), n = at(best + 2), edge = minus(b, a), side = area >= 0 ? 1 : -1;
  const out = [side * edge[1], -side * edge[0]];
  // The turns at a and b, cross(a − p, m − a) and cross(b − m, n − b), are k0 + t·k1 in the push t: each keeps its
  // sign while t < −k0 / k1.
  let push = 0.1;
  for (const [k0, k1] of [[cross(minus(a, p), edge) / 2, cross(minus(a, p), out)], [cross(edge, minus(n, b)) / 2, -cross(out, minus(n, b))]]) {
    if (side * k1 < 0) push = Math.min(push, -k0 / k1 / 2);
  }
  const mid = [(a[0] + b[0]) / 2 + push * out[0], (a[1] + b[1]) / 2 + push * out[1]];
  points.splice(best + 1, 0, mid.map(v => +v.toFixed(4)));
}

function sliderRange(key, v) {
  const a = Math.abs(v);
  const signed = /Speed|Acceleration|Longitude|Latitude|spin$|Offset|beginTime/.test(key) || v < 0;
  const hi = key === 'birthRate' ? Math.max(100, 2 * a) : Math.max(1, 2 * a);
  return [signed ? -hi : 0, hi];
}

// One property row. `onChange(value, gesture)` sends it; null makes the row read-only.
function row(id, p, onChange) {
  const r = document.createElement('div'); r.className = 'row';
  const label = document.createElement('label'); label.textContent = p.key; if (p.live) label.className = 'live';
  label.title = p.live ? 'Applies from the playhead on (a new parameter segment)' : 'Applies to the whole timeline';
  r.appendChild(label);
  let gesture = 0, pending = null, scheduled = false, busy = false;
  const emit = (v) => {
    if (!onChange) return;
    pending = v;
    if (!scheduled) { scheduled = true; requestAnimationFrame(() => { scheduled = false; onChange(pending, gesture); }); }
  };
  let setter;
  if (p.kind === 'number') {
    const [lo, hi] = sliderRange(p.key, p.value);
    const s = document.createElement('input'); s.type = 'range'; s.min = lo; s.max = hi; s.step = (hi - lo) / 1000;
    const n = document.createElement('input'); n.type = 'number'; n.step = 'any';
    s.dataset.key = id; n.dataset.key = id + ':n';
    s.addEventListener('pointerdown', () => { gesture = ++gestureCounter; busy = true; });
    s.addEventListener('pointerup', () => { busy = false; });
    s.addEventListener('input', () => { n.value = s.value; emit(+s.value); });
    n.addEventListener('change', () => { gesture = ++gestureCounter; if (n.value !== '' && isFinite(+n.value)) emit(+n.value); });
    n.addEventListener('focus', () => busy = true); n.addEventListener('blur', () => busy = false);
    setter = (v) => { n.value = +v.toFixed(6); if (v > +s.max) s.max = 2 * v; if (v < +s.min) s.min = 2 * v; s.value = v; };
    r.append(s, n);
  } else if (p.kind === 'bool') {
    const c = document.createElement('input'); c.type = 'checkbox'; c.dataset.key = id;
    c.addEventListener('change', () => { gesture = ++gestureCounter; emit(c.checked); });
    setter = (v) => { c.checked = v; }; r.appendChild(c); r.appendChild(document.createElement('span'));
  } else if (p.kind === 'string' && p.options) {
    const sel = document.createElement('select'); sel.dataset.key = id;
    for (const o of p.options) { const e = document.createElement('option'); e.value = o; e.textContent = o; sel.appendChild(e); }
    sel.addEventListener('change', () => { gesture = ++gestureCounter; emit(sel.value); });
    setter = (v) => { sel.value = v; }; r.appendChild(sel); r.appendChild(document.createElement('span'));
  } else if (p.kind === 'text') {
    // Free text sent when the field is left or Enter is pressed (SVG path data, for instance).
    const t = document.createElement('input'); t.type = 'text'; t.dataset.key = id; t.spellcheck = false;
    t.addEventListener('change', () => { gesture = ++gestureCounter; emit(t.value); });
    t.addEventListener('focus', () => busy = true); t.addEventListener('blur', () => busy = false);
    setter = (v) => { t.value = v; }; r.appendChild(t); r.appendChild(document.createElement('span'));
  } else if (p.kind === 'color') {
    r.className = 'row multi';
    const box = document.createElement('span'); box.className = 'nums';
    const c = document.createElement('input'); c.type = 'color'; c.dataset.key = id;
    const a = document.createElement('input'); a.type = 'number'; a.min = 0; a.max = 1; a.step = 0.01; a.title = 'alpha';
    const read = () => { const h = c.value; return [1, 3, 5].map(i => parseInt(h.substr(i, 2), 16) / 255).concat([+a.value]); };
    c.addEventListener('pointerdown', () => { gesture = ++gestureCounter; });
    c.addEventListener('input', () => emit(read())); a.addEventListener('change', () => { gesture = ++gestureCounter; emit(read()); });
    setter = (v) => { c.value = '#' + v.slice(0, 3).map(x => Math.round(Math.min(1, Math.max(0, x)) * 255).toString(16).padStart(2, '0')).join(''); a.value = v[3]; };
    box.append(c, a); r.appendChild(box);
  } else if (Array.isArray(p.value)) {
    r.className = 'row multi';
    const box = document.createElement('span'); box.className = 'nums';
    const inputs = p.value.map((_, i) => { const n = document.createElement('input'); n.type = 'number'; n.step = 'any'; n.dataset.key = id + ':' + i; return n; });
    inputs.forEach(n => n.addEventListener('change', () => { gesture = ++gestureCounter; if (inputs.every(x => isFinite(+x.value) && x.value !== '')) emit(inputs.map(x => +x.value)); }));
    setter = (v) => v.forEach((x, i) => inputs[i].value = +(+x).toFixed(6)); box.append(...inputs); r.appendChild(box);
  } else {
    const s = document.createElement('span'); s.textContent = JSON.stringify(p.value); setter = (v) => { s.textContent = JSON.stringify(v); };
    r.appendChild(s); r.appendChild(document.createElement('span'));
  }
  if (!onChange) r.querySelectorAll('input,select').forEach(e => e.disabled = true);
  setter(p.value);
  controls.set(id, { set: setter, busy: () => busy });
  return r;
}

function refreshValues() {
  const visit = (id, p) => { const c = controls.get(id); if (c && !c.busy()) c.set(p.value); };
  for (const layer of scene.layers) {
    visit(`L${layer.path}:opacity`, { value: layer.opacity }); visit(`L${layer.path}:hidden`, { value: layer.hidden });
    for (const p of layer.drawing || []) visit(`D${layer.path}:${p.key}`, p);
    for (const p of layer.compositing || []) visit(`L${layer.path}:${p.key}`, p);
    if (layer.emitter) {
      for (const p of layer.emitter) visit(`E${layer.path}:${p.key}`, p);
      const walk = (cells) => { for (const c of cells) { for (const p of c.properties) visit(`C${layer.path}:${c.index}:${p.key}`, p); walk(c.cells); } };
      walk(layer.cells);
    }
    for (const a of layer.animations || []) for (const p of a.timing) visit(`A${layer.path}:${a.key}:${p.key}`, p);
  }
  const ph = scene.physics;
  if (ph) {
    for (const q of ph.world) visit(`Pworld:${q.key}`, q);
    ph.bodies.forEach((b, i) => { for (const q of b.properties) visit(`Pbody${i}:${q.key}`, q); });
    ph.joints.forEach((j, i) => { for (const q of j.properties) visit(`Pjoint${i}:${q.key}`, q); });
  }
}

// Touch the scene: pointer events on the preview, in scene points, go to the server, which decides: a drag
// reaches the physics (a photo wall's photo), a click (moving at most 4 points) snaps a picture to dust or
// restores it. Moves are sent at most once per animation frame.
let activePointer = null, pendingMove = null, moveScheduled = false;
function scenePoint(ev) {
  const r = canvas.getBoundingClientRect();
  const size = scene ? scene.size : [canvas.width, canvas.height];
  return [(ev.clientX - r.left) / r.width * size[0], (ev.clientY - r.top) / r.height * size[1]];
}
function sendPointer(phase, ev) {
  const [x, y] = scenePoint(ev);
  send({ type: 'pointer', phase, x, y, id: Math.abs(ev.pointerId | 0) % 1000000 });
}
canvas.addEventListener('pointerdown', (ev) => {
  if (ev.button !== 0 || activePointer !== null) return;
  activePointer = ev.pointerId; canvas.setPointerCapture(ev.pointerId); sendPointer('began', ev); ev.preventDefault();
});
canvas.addEventListener('pointermove', (ev) => {
  if (ev.pointerId !== activePointer) return;
  pendingMove = ev;
  if (!moveScheduled) { moveScheduled = true; requestAnimationFrame(() => { moveScheduled = false; if (pendingMove && activePointer !== null) sendPointer('moved', pendingMove); pendingMove = null; }); }
});
const endPointer = (phase) => (ev) => {
  if (ev.pointerId !== activePointer) return;
  if (pendingMove) { sendPointer('moved', pendingMove); pendingMove = null; }
  sendPointer(phase, ev); activePointer = null;
};
canvas.addEventListener('pointerup', endPointer('ended'));
canvas.addEventListener('pointercancel', endPointer('cancelled'));

async function post(path, body, contentType) {
  status('opening…');
  const r = await fetch(api(path), { method: 'POST', body, headers: { 'Content-Type': contentType, 'X-Stardust-Token': token } });
  if (!r.ok) status(await r.text(), true); else status('opened');
}

$('play').onclick = () => send({ type: state && state.playing ? 'pause' : 'play' });
$('step-back').onclick = () => send({ type: 'step', frames: -1 });
$('step-forward').onclick = () => send({ type: 'step', frames: 1 });
$('speed').onchange = () => send({ type: 'speed', value: +$('speed').value });
$('undo').onclick = () => send({ type: 'undo' });
$('redo').onclick = () => send({ type: 'redo' });
const scrub = $('scrub');
scrub.addEventListener('pointerdown', () => { scrubbing = true; });
scrub.addEventListener('pointerup', () => { scrubbing = false; });
scrub.addEventListener('input', () => send({ type: 'seek', time: +scrub.value }));
$('preset').onchange = () => { const v = $('preset').value; if (v) post('/api/open', JSON.stringify({ preset: v }), 'application/json'); };
$('open-path').onclick = () => { const v = $('path').value.trim(); if (v) post('/api/open', JSON.stringify({ path: v }), 'application/json'); };
$('upload').onchange = async () => {
  const f = $('upload').files[0]; if (!f) return;
  const kind = (f.name.split('.').pop() || 'json').toLowerCase();
  post('/api/upload?kind=' + encodeURIComponent(kind), await f.arrayBuffer(), 'application/octet-stream');
  $('upload').value = '';
};
connect();
