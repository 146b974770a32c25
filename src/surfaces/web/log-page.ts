/**
 * The audit page's HTML and its script, as text served by the log server under its secret path prefix (every
 * URL on the page is relative, so each request carries the prefix). The script draws with Chart.js
 * (served from the installed package, never a CDN) and writes every value with textContent, never as markup.
 * Owns the page; reads nothing and serves nothing itself. ASCII only (the bundle rule).
 */

export const PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>gavel - audit log</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="page.css">
<link rel="icon" href="data:,">
</head>
<body>
<header><h1>gavel audit log</h1><span id="source"></span></header>
<section id="filters">
  <label>session <select id="f-session"><option value="">all</option></select></label>
  <label>harness <select id="f-harness"><option value="">all</option></select></label>
  <label>verdict <select id="f-verdict"><option value="">all</option></select></label>
  <span id="total"></span>
</section>
<section class="row">
  <figure><figcaption>decisions over time, by verdict</figcaption><canvas id="c-time" width="640" height="240"></canvas></figure>
  <figure><figcaption>decisions by basis</figcaption><canvas id="c-basis" width="360" height="240"></canvas></figure>
</section>
<section class="row">
  <div><h2>categories that decide most</h2><ol id="top-categories"></ol></div>
  <div><h2>rules that decide most</h2><ol id="top-rules"></ol></div>
  <div><h2>sessions and their breaker</h2><table id="sessions"><thead><tr><th>session</th><th>decisions</th><th>last</th><th>breaker</th><th>denials in a row</th></tr></thead><tbody></tbody></table></div>
</section>
<section>
  <h2>decisions, newest first</h2>
  <table id="decisions"><thead><tr><th>time</th><th>verdict</th><th>harness</th><th>basis</th><th>rule</th><th>what</th><th>categories</th><th>reason</th></tr></thead><tbody></tbody></table>
</section>
<aside id="detail" hidden><h2>decision</h2><button id="detail-close" type="button">close</button><dl id="detail-fields"></dl></aside>
<script src="chart.js"></script>
<script src="page.js"></script>
</body>
</html>
`;

export const PAGE_CSS = `body{font:14px system-ui,sans-serif;margin:16px;color:#222}
header{display:flex;gap:16px;align-items:baseline}h1{font-size:20px;margin:0}h2{font-size:15px}
#filters{display:flex;gap:16px;align-items:center;margin:12px 0}
.row{display:flex;gap:24px;flex-wrap:wrap}figure{margin:0}
table{border-collapse:collapse;font-size:13px}td,th{border-bottom:1px solid #ddd;padding:3px 6px;text-align:left}
#decisions tbody tr{cursor:pointer}#decisions tbody tr:hover{background:#f4f4f4}
.v-allow{color:#2e7d32}.v-escalate{color:#ef6c00}.v-deny{color:#c62828;font-weight:600}
#detail{position:fixed;top:16px;right:16px;width:460px;max-height:90vh;overflow:auto;background:#fff;border:1px solid #999;padding:12px;box-shadow:0 2px 12px #0003}
#detail dt{font-weight:600}#detail dd{margin:0 0 6px 0;white-space:pre-wrap;word-break:break-all}
`;

export const PAGE_SCRIPT = `(function () {
  'use strict';
  var COLORS = { allow: '#2e7d32', escalate: '#ef6c00', deny: '#c62828' };
  var charts = {};
  var current = null;
  function el(id) { return document.getElementById(id); }
  function text(tag, value, cls) {
    var e = document.createElement(tag);
    e.textContent = value === null || value === undefined ? '' : String(value);
    if (cls) e.className = cls;
    return e;
  }
  function fill(select, values) {
    var keep = select.value;
    while (select.options.length > 1) select.remove(1);
    values.forEach(function (v) { var o = document.createElement('option'); o.value = v; o.textContent = v; select.appendChild(o); });
    select.value = values.indexOf(keep) >= 0 ? keep : '';
  }
  function query() {
    var p = new URLSearchParams();
    [['session', 'f-session'], ['harness', 'f-harness'], ['verdict', 'f-verdict']].forEach(function (pair) {
      var v = el(pair[1]).value; if (v) p.set(pair[0], v);
    });
    return p.toString();
  }
  function chart(id, config) {
    if (charts[id]) charts[id].destroy();
    charts[id] = new Chart(el(id), config);
  }
  function drawTime(s) {
    var labels = s.timeline.buckets.map(function (b) { return b.start.slice(0, 16).replace('T', ' '); });
    var datasets = ['allow', 'escalate', 'deny'].map(function (v) {
      return { label: v, backgroundColor: COLORS[v], data: s.timeline.buckets.map(function (b) { return b.counts[v] || 0; }) };
    });
    chart('c-time', { type: 'bar', data: { labels: labels, datasets: datasets },
      options: { animation: false, responsive: false, scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true } } } });
  }
  function drawBasis(s) {
    var names = Object.keys(s.byBasis).sort(function (a, b) { return s.byBasis[b] - s.byBasis[a]; });
    chart('c-basis', { type: 'bar', data: { labels: names, datasets: [{ label: 'decisions', backgroundColor: '#546e7a',
      data: names.map(function (n) { return s.byBasis[n]; }) }] },
      options: { animation: false, responsive: false, indexAxis: 'y', plugins: { legend: { display: false } } } });
  }
  function list(id, items) {
    var ol = el(id); ol.textContent = '';
    if (items.length === 0) ol.appendChild(text('li', 'none'));
    items.forEach(function (i) { ol.appendChild(text('li', i.name + ' (' + i.count + ')')); });
  }
  function sessions(s) {
    var body = el('sessions').tBodies[0]; body.textContent = '';
    s.sessions.forEach(function (x) {
      var tr = document.createElement('tr');
      [x.id, x.decisions, x.last, x.breaker, x.denials === null ? '-' : x.denials].forEach(function (v, i) {
        tr.appendChild(text('td', v, i === 3 && v === 'open' ? 'v-deny' : ''));
      });
      body.appendChild(tr);
    });
  }
  function show(record) {
    var dl = el('detail-fields'); dl.textContent = '';
    Object.keys(record).forEach(function (k) {
      var v = record[k];
      dl.appendChild(text('dt', k));
      dl.appendChild(text('dd', v !== null && typeof v === 'object' ? JSON.stringify(v, null, 2) : v));
    });
    el('detail').hidden = false;
  }
  function decisions(s) {
    var body = el('decisions').tBodies[0]; body.textContent = '';
    s.records.forEach(function (r, index) {
      var tr = document.createElement('tr');
      tr.dataset.index = String(index);
      tr.appendChild(text('td', r.time));
      tr.appendChild(text('td', r.verdict, 'v-' + r.verdict));
      tr.appendChild(text('td', r.kind));
      tr.appendChild(text('td', r.basis));
      tr.appendChild(text('td', r.ruleId || ''));
      // What was decided (ADR 0027): the redacted preview; a line without one shows its subject hash.
      tr.appendChild(text('td', r.preview !== undefined ? r.preview : r.subject ? '#' + r.subject.slice(0, 12) : '-'));
      tr.appendChild(text('td', r.categories.join(', ')));
      tr.appendChild(text('td', r.reason));
      tr.addEventListener('click', function () { show(r); });
      body.appendChild(tr);
    });
  }
  function render(s) {
    current = s;
    fill(el('f-session'), s.choices.sessions);
    fill(el('f-harness'), s.choices.harnesses);
    fill(el('f-verdict'), s.choices.verdicts);
    el('total').textContent = s.total + ' decision(s)' + Object.keys(s.byVerdict).sort().map(function (v) { return ' - ' + v + ' ' + s.byVerdict[v]; }).join('');
    drawTime(s); drawBasis(s);
    list('top-categories', s.topCategories); list('top-rules', s.topRules);
    sessions(s); decisions(s);
    document.body.dataset.loaded = 'true';
  }
  function load() {
    document.body.dataset.loaded = 'false';
    fetch('api/summary?' + query(), { headers: { accept: 'application/json' } })
      .then(function (r) { if (!r.ok) throw new Error('the log could not be read (' + r.status + ')'); return r.json(); })
      .then(render)
      .catch(function (e) { el('total').textContent = String(e.message); document.body.dataset.loaded = 'error'; });
  }
  ['f-session', 'f-harness', 'f-verdict'].forEach(function (id) { el(id).addEventListener('change', load); });
  el('detail-close').addEventListener('click', function () { el('detail').hidden = true; });
  window.gavelPage = { current: function () { return current; } };
  load();
})();
`;
