// The console: every number comes from the gateway's documented API, called
// with the session cookie; unsafe requests carry the session's CSRF token.
// Nothing is hidden to enforce a rule: the API refuses what a role may not do.
(function () {
  'use strict';
  var $ = function (id) { return document.getElementById(id); };
  // The providers that offer text completions (CompletionProviderId in the spec).
  var CHAT_PROVIDERS = ['gemini', 'vertex', 'openai', 'anthropic', 'xai', 'mistral', 'deepseek', 'perplexity', 'ollama', 'localai'];
  var SIGN_IN_ERRORS = {
    sign_in_expired: 'The sign-in took too long or was started elsewhere; sign in again.',
    sign_in_refused: 'The identity provider refused the sign-in.',
    sign_in_failed: 'The identity provider\'s answer could not be verified; sign in again.',
    no_console_role: 'You are signed in at the identity provider, but no console role is granted to you.',
    console_user_revoked: 'Your console access was revoked.',
  };
  var session = null;
  var page = new URLSearchParams(location.search).get('page') || 'overview';

  function api(path, opts) {
    opts = opts || {};
    var headers = {};
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    if (opts.method && opts.method !== 'GET' && session) headers['x-csrf-token'] = session.csrfToken;
    return fetch(path, { method: opts.method || 'GET', headers: headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body), credentials: 'same-origin' }).then(function (res) {
      if (opts.raw && res.ok) return res;
      return res.json().then(function (body) {
        if (!res.ok) { var e = new Error(body.message || res.statusText); e.status = res.status; e.code = body.code; throw e; }
        return body.data;
      });
    });
  }
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function cell(tr, text, attrs) { var td = el('td', attrs, text); tr.appendChild(td); return td; }
  function when(iso) { return iso ? new Date(iso).toLocaleString() : ''; }
  function showError(err) { $('error').textContent = err ? (err.code ? err.code + ': ' : '') + err.message : ''; }
  function body(table) { var b = $(table).tBodies[0]; b.textContent = ''; return b; }

  function signIn(message) {
    $('app').hidden = true;
    $('signin').hidden = false;
    $('signin-error').textContent = message || '';
    return api('/api/console/sign-in').then(function (d) {
      $('signin-oidc').hidden = d.methods.indexOf('oidc') < 0;
      $('signin-key').hidden = d.methods.indexOf('key') < 0;
      document.body.setAttribute('data-signin', d.methods.join(','));
    });
  }
  function start(s) {
    session = s;
    $('signin').hidden = true;
    $('app').hidden = false;
    $('who').textContent = s.email || s.name || s.subject;
    $('role').textContent = s.role;
    show(page);
  }

  function show(name) {
    page = name;
    var q = new URLSearchParams(location.search);
    q.set('page', name);
    history.replaceState(null, '', '?' + q.toString());
    document.querySelectorAll('#nav button').forEach(function (b) { b.classList.toggle('on', b.getAttribute('data-page') === name); });
    document.querySelectorAll('[data-section]').forEach(function (s) { s.hidden = s.id !== 'page-' + name; });
    document.body.removeAttribute('data-ready');
    showError(null);
    var load = { overview: loadOverview, keys: loadKeys, spend: loadSpend, providers: loadProviders, queue: loadQueue, playground: loadPlayground, audit: function () { return loadAudit(false); } }[name] || loadOverview;
    return load().then(function () { document.body.setAttribute('data-ready', name); }, function (err) {
      if (err.status === 401) return signIn('Your session ended; sign in again.');
      showError(err);
      document.body.setAttribute('data-ready', name);
    });
  }

  function loadProviders() {
    return Promise.all([
      api('/api/llm/providers/status'), api('/api/llm/circuits'), api('/api/llm/concurrency'),
      api('/api/llm/queue/tasks?status=error&limit=500'),
    ]).then(function (r) {
      var circuits = {};
      r[1].forEach(function (c) { circuits[c.provider] = c; });
      var failures = {};
      r[3].forEach(function (t) { (failures[t.provider] = failures[t.provider] || []).push(t.errorCode || 'error'); });
      var tb = body('providers');
      r[0].forEach(function (p) {
        var tr = el('tr', { 'data-provider': p.provider });
        cell(tr, p.provider);
        var conf = cell(tr, p.configured ? 'yes' : 'set ' + p.missing.join(', '), { 'data-field': 'configured', 'data-raw': String(p.configured), class: p.configured ? 'yes' : 'no' });
        conf.title = p.variables.map(function (v) { return v.name + (v.set ? ' (set)' : ' (not set)'); }).join(', ');
        var c = circuits[p.provider] || { state: 'closed', consecutiveFailures: 0 };
        cell(tr, c.state + (c.consecutiveFailures ? ' (' + c.consecutiveFailures + ' failures)' : ''), { 'data-field': 'circuit', 'data-raw': c.state, class: c.state });
        var load = r[2][p.provider] || { activeRequests: 0, queuedRequests: 0, limit: 0 };
        cell(tr, String(load.activeRequests), { class: 'n', 'data-field': 'active', 'data-raw': String(load.activeRequests) });
        cell(tr, String(load.limit), { class: 'n', 'data-field': 'limit', 'data-raw': String(load.limit) });
        cell(tr, String(load.queuedRequests), { class: 'n', 'data-field': 'queued', 'data-raw': String(load.queuedRequests) });
        var codes = failures[p.provider] || [];
        var counted = {};
        codes.forEach(function (code) { counted[code] = (counted[code] || 0) + 1; });
        cell(tr, Object.keys(counted).map(function (code) { return code + ' ×' + counted[code]; }).join(', '), { 'data-field': 'failures', 'data-raw': String(codes.length) });
        tb.appendChild(tr);
      });
    });
  }

  function taskRow(t, withCancel) {
    var tr = el('tr', { 'data-task': t.queueId, 'data-status': t.status });
    cell(tr, t.queueId.slice(0, 8)).title = t.queueId;
    cell(tr, t.provider);
    cell(tr, t.model || '');
    if (withCancel) {
      cell(tr, t.status);
      cell(tr, t.keyName || '');
      cell(tr, when(t.createdAt));
      var b = el('button', { type: 'button', 'data-cancel': t.queueId }, 'Cancel');
      b.addEventListener('click', function () {
        b.disabled = true;
        api('/api/llm/queue/cancel', { method: 'POST', body: { queueId: t.queueId } }).then(function () { return show('queue'); }, function (err) { b.disabled = false; showError(err); });
      });
      cell(tr, '').appendChild(b);
    } else {
      cell(tr, t.errorCode || '', { 'data-field': 'errorCode' }).appendChild(document.createTextNode(''));
      cell(tr, t.error || '', { class: 'msg' });
      cell(tr, t.keyName || '');
      cell(tr, when(t.finishedAt));
    }
    return tr;
  }

  function loadQueue() {
    return Promise.all([
      api('/api/llm/concurrency'), api('/api/llm/queue/tasks?status=queued&limit=100'),
      api('/api/llm/queue/tasks?status=processing&limit=100'), api('/api/llm/queue/tasks?status=error&limit=50'),
    ]).then(function (r) {
      var tb = body('queue-load');
      Object.keys(r[0]).forEach(function (p) {
        var c = r[0][p];
        var tr = el('tr', { 'data-provider': p });
        cell(tr, p);
        cell(tr, String(c.queuedRequests), { class: 'n', 'data-field': 'queued' });
        cell(tr, String(c.activeRequests), { class: 'n', 'data-field': 'active' });
        cell(tr, String(c.limit), { class: 'n', 'data-field': 'limit' });
        tb.appendChild(tr);
      });
      var active = body('queue-active');
      r[2].concat(r[1]).forEach(function (t) { active.appendChild(taskRow(t, true)); });
      var failed = body('queue-failed');
      r[3].forEach(function (t) { failed.appendChild(taskRow(t, false)); });
    });
  }

  var playgroundReady = null;
  function loadPlayground() {
    playgroundReady = playgroundReady || api('/api/llm/providers/status').then(function (all) {
      var select = $('chat-provider');
      select.textContent = '';
      all.filter(function (p) { return p.configured && CHAT_PROVIDERS.indexOf(p.provider) >= 0; }).forEach(function (p) {
        select.appendChild(el('option', { value: p.provider }, p.provider));
      });
      return loadModels();
    });
    return playgroundReady.catch(function (err) { playgroundReady = null; throw err; });
  }
  function loadModels() {
    var provider = $('chat-provider').value;
    var list = $('chat-models');
    list.textContent = '';
    if (!provider) return Promise.resolve();
    return api('/api/llm/models?provider=' + encodeURIComponent(provider)).then(function (d) {
      var models = d.models || d;
      (Array.isArray(models) ? models : []).forEach(function (m) { list.appendChild(el('option', { value: m.id || m.name || m })); });
    }, function () { /* a local runtime that is down lists nothing; the model is typed instead */ });
  }

  // Reads the task's Server-Sent Events as they arrive: `chunk` deltas, then the metadata chunk with usage and cost.
  function streamTask(queueId, onEvent) {
    return api('/api/llm/queue/stream', { method: 'POST', body: { queueId: queueId }, raw: true }).then(function (res) {
      var reader = res.body.getReader();
      var decoder = new TextDecoder();
      var buffer = '';
      function pump() {
        return reader.read().then(function (r) {
          buffer += decoder.decode(r.value || new Uint8Array(), { stream: !r.done });
          var blocks = buffer.split('\n\n');
          buffer = blocks.pop();
          blocks.forEach(function (block) {
            var name = 'message';
            var data = [];
            block.split('\n').forEach(function (line) {
              if (line.indexOf('event:') === 0) name = line.slice(6).trim();
              else if (line.indexOf('data:') === 0) data.push(line.slice(5).replace(/^ /, ''));
            });
            if (data.length) onEvent(name, JSON.parse(data.join('\n')));
          });
          if (!r.done) return pump();
        });
      }
      return pump();
    });
  }

  function sendChat(e) {
    e.preventDefault();
    var reply = $('chat-reply');
    var meta = $('chat-meta');
    reply.textContent = '';
    meta.textContent = '';
    document.body.removeAttribute('data-chat');
    showError(null);
    $('chat-send').disabled = true;
    var request = { provider: $('chat-provider').value, messages: [{ role: 'user', content: $('chat-prompt').value }], stream: true };
    if ($('chat-model').value) request.model = $('chat-model').value;
    api('/api/llm/complete', { method: 'POST', body: request }).then(function (queued) {
      return streamTask(queued.queueId, function (name, data) {
        if (name === 'chunk' && data.delta) reply.textContent += data.delta;
        if (name === 'chunk' && data.metadata) {
          var m = data.metadata;
          meta.setAttribute('data-cost', String(m.cost.customerPrice));
          meta.setAttribute('data-tokens', String(m.usage ? m.usage.totalTokens : ''));
          meta.textContent = m.provider + ' · ' + m.model + ' · ' + (m.usage ? m.usage.inputTokens + ' in / ' + m.usage.outputTokens + ' out tokens · ' : '') + '$' + m.cost.customerPrice.toFixed(6) + ' (' + m.cost.billing + ')';
        }
        if (name === 'error') showError({ code: data.code, message: data.message });
      });
    }).then(function () { document.body.setAttribute('data-chat', 'done'); }, function (err) {
      showError(err);
      document.body.setAttribute('data-chat', 'error');
    }).then(function () { $('chat-send').disabled = false; });
  }

  // ---- formatting and charts (plain SVG: no library, no other origin) ----
  // Calls cost fractions of a cent: small amounts keep their digits (the rollup keeps 8 decimals).
  function usd(n) { return '$' + (Math.abs(n) >= 100 ? n.toFixed(2) : Math.abs(n) >= 0.01 || n === 0 ? n.toFixed(4) : n.toFixed(8).replace(/0+$/, '')); }
  function int(n) { return Number(n).toLocaleString('en-US'); }
  function ms(n) { return n === null || n === undefined ? '–' : (n >= 100 ? Math.round(n) : n.toFixed(1)); }
  function today() { return new Date().toISOString().slice(0, 10); }
  function daysBefore(day, n) { return new Date(Date.parse(day + 'T00:00:00Z') - n * 86400000).toISOString().slice(0, 10); }
  var SVG = 'http://www.w3.org/2000/svg';
  function svgEl(tag, attrs, text) {
    var e = document.createElementNS(SVG, tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  /** Vertical bars, one per label; `stack` (optional) is drawn over each bar in red (errors among requests). */
  function barChart(svg, labels, values, stack, format) {
    svg.textContent = '';
    var W = 560, H = 180, left = 56, bottom = 20, top = 8;
    svg.setAttribute('viewBox', '0 0 ' + W + ' ' + H);
    var max = Math.max.apply(null, values.concat([0]));
    var scale = max > 0 ? (H - bottom - top) / max : 0;
    var w = (W - left) / Math.max(1, labels.length);
    svg.appendChild(svgEl('line', { x1: left, y1: H - bottom, x2: W, y2: H - bottom, class: 'axis' }));
    svg.appendChild(svgEl('text', { x: left - 4, y: top + 8, 'text-anchor': 'end', class: 'tick' }, format(max)));
    svg.appendChild(svgEl('text', { x: left - 4, y: H - bottom, 'text-anchor': 'end', class: 'tick' }, format(0)));
    labels.forEach(function (label, i) {
      var h = values[i] * scale;
      var x = left + i * w + w * 0.1;
      var bar = svgEl('rect', { x: x, y: H - bottom - h, width: Math.max(1, w * 0.8), height: h, class: 'col', 'data-label': label, 'data-value': String(values[i]) });
      bar.appendChild(svgEl('title', {}, label + ': ' + format(values[i])));
      svg.appendChild(bar);
      if (stack && stack[i]) {
        var s = stack[i] * scale;
        svg.appendChild(svgEl('rect', { x: x, y: H - bottom - s, width: Math.max(1, w * 0.8), height: s, class: 'col bad' }));
      }
      if (labels.length <= 12 || i % Math.ceil(labels.length / 8) === 0) svg.appendChild(svgEl('text', { x: x + w * 0.4, y: H - 6, 'text-anchor': 'middle', class: 'tick' }, label.length === 10 ? label.slice(5) : label));
    });
  }
  /** Horizontal bars for named groups (the Spend page's top groups). */
  function hbarChart(svg, labels, values, format) {
    svg.textContent = '';
    var W = 560, row = 18, left = 200;
    var H = Math.max(row, labels.length * row) + 4;
    svg.setAttribute('viewBox', '0 0 ' + W + ' ' + H);
    svg.style.height = H + 'px';
    var max = Math.max.apply(null, values.concat([0]));
    labels.forEach(function (label, i) {
      var w = max > 0 ? (values[i] / max) * (W - left - 90) : 0;
      svg.appendChild(svgEl('text', { x: left - 6, y: i * row + 13, 'text-anchor': 'end', class: 'tick' }, label.length > 32 ? label.slice(0, 31) + '…' : label));
      svg.appendChild(svgEl('rect', { x: left, y: i * row + 3, width: Math.max(1, w), height: row - 6, class: 'col', 'data-label': label, 'data-value': String(values[i]) }));
      svg.appendChild(svgEl('text', { x: left + w + 6, y: i * row + 13, class: 'tick' }, format(values[i])));
    });
  }

  // ---- Overview: GET /api/llm/traffic, the chosen range with today and this month ----
  function rangeFromUrl() {
    var q = new URLSearchParams(location.search);
    var to = q.get('to') || today();
    return { from: q.get('from') || daysBefore(to, 29), to: to };
  }
  var OVERVIEW_FIELDS = [
    ['requests', 'Requests', int], ['errors', 'Errors', int], ['p50LatencyMs', 'p50 latency (ms)', ms], ['p99LatencyMs', 'p99 latency (ms)', ms],
    ['calls', 'Billed calls', int], ['totalTokens', 'Tokens', int], ['spend', 'Spend (USD)', usd],
  ];
  function card(period, totals) {
    var dl = document.querySelector('.card[data-period="' + period + '"] dl');
    dl.textContent = '';
    OVERVIEW_FIELDS.forEach(function (f) {
      dl.appendChild(el('dt', {}, f[1]));
      dl.appendChild(el('dd', { 'data-field': f[0], 'data-raw': String(totals[f[0]]) }, f[2](totals[f[0]])));
    });
  }
  function loadOverview() {
    var r = rangeFromUrl();
    $('range-from').value = r.from;
    $('range-to').value = r.to;
    $('range-title').textContent = r.from + ' to ' + r.to;
    // One call: the range's figures, and today's and the month's whatever the range.
    return api('/api/llm/traffic?from=' + r.from + '&to=' + r.to).then(function (range) {
      card('today', range.today);
      card('month', range.month);
      card('range', range.totals);
      var labels = range.days.map(function (x) { return x.day; });
      barChart($('chart-spend'), labels, range.days.map(function (x) { return x.spend; }), null, usd);
      barChart($('chart-requests'), labels, range.days.map(function (x) { return x.requests; }), range.days.map(function (x) { return x.errors; }), int);
      var errors = body('overview-errors');
      var most = range.totals.errorsByCode.length ? range.totals.errorsByCode[0].count : 0;
      range.totals.errorsByCode.forEach(function (e) {
        var tr = el('tr', { 'data-code': e.code });
        cell(tr, e.code);
        cell(tr, int(e.count), { class: 'n', 'data-field': 'count', 'data-raw': String(e.count) });
        var meter = el('span', { class: 'meter' });
        meter.style.width = Math.round((e.count / most) * 160) + 'px';
        cell(tr, '').appendChild(meter);
        errors.appendChild(tr);
      });
      if (!range.totals.errorsByCode.length) errors.appendChild(el('tr', {}, '')).appendChild(el('td', { colspan: '3', class: 'meta' }, 'No errors in this range.'));
      var models = body('overview-models');
      range.byModel.forEach(function (m) {
        var tr = el('tr', { 'data-model': (m.provider || '') + '/' + (m.model || '') });
        cell(tr, m.provider || '–');
        cell(tr, m.model || '–');
        cell(tr, int(m.requests), { class: 'n', 'data-field': 'requests', 'data-raw': String(m.requests) });
        cell(tr, int(m.errors), { class: 'n', 'data-field': 'errors', 'data-raw': String(m.errors) }).title = m.errorsByCode.map(function (e) { return e.code + ' ×' + e.count; }).join(', ');
        cell(tr, ms(m.p50LatencyMs), { class: 'n', 'data-field': 'p50LatencyMs', 'data-raw': String(m.p50LatencyMs) });
        cell(tr, ms(m.p99LatencyMs), { class: 'n', 'data-field': 'p99LatencyMs', 'data-raw': String(m.p99LatencyMs) });
        cell(tr, int(m.calls), { class: 'n', 'data-field': 'calls', 'data-raw': String(m.calls) });
        cell(tr, int(m.totalTokens), { class: 'n', 'data-field': 'totalTokens', 'data-raw': String(m.totalTokens) });
        cell(tr, usd(m.spend), { class: 'n', 'data-field': 'spend', 'data-raw': String(m.spend) });
        models.appendChild(tr);
      });
    });
  }
  $('range-form').addEventListener('submit', function (e) {
    e.preventDefault();
    var q = new URLSearchParams(location.search);
    q.set('from', $('range-from').value);
    q.set('to', $('range-to').value);
    history.replaceState(null, '', '?' + q.toString());
    show('overview');
  });

  // ---- Keys and teams: the governance admin API; a member's session reads its team's keys, and every write is an admin's ----
  function list(text) { return text.split(',').map(function (s) { return s.trim(); }).filter(Boolean); }
  var LIMITS = ['requestsPerMinute', 'requestsPerDay', 'tokensPerMinute', 'tokensPerDay'];
  var PERIODS = ['day', 'week', 'month', 'total'];
  function fillPolicy(form, item) {
    form.elements.allowedModels.value = (item && item.allowedModels || []).join(', ');
    LIMITS.forEach(function (l) { form.elements[l].value = item && item.limits && item.limits[l] !== undefined ? item.limits[l] : ''; });
    PERIODS.forEach(function (p) {
      var b = item && (item.budgets || []).filter(function (x) { return x.period === p; })[0];
      form.elements['budget-' + p].value = b ? b.amountUsd : '';
      form.elements['mode-' + p].value = b ? (b.mode || 'hard') : 'hard';
    });
    form.elements.alertWebhookUrl.value = item && item.alertWebhookUrl || '';
  }
  /** The form's policy as the API takes it: an empty field clears (null), so an edit can remove a limit or budget. */
  function policyOf(form) {
    var limits = {};
    LIMITS.forEach(function (l) { if (form.elements[l].value !== '') limits[l] = Number(form.elements[l].value); });
    var budgets = [];
    PERIODS.forEach(function (p) {
      if (form.elements['budget-' + p].value !== '') budgets.push({ period: p, amountUsd: Number(form.elements['budget-' + p].value), mode: form.elements['mode-' + p].value });
    });
    var models = list(form.elements.allowedModels.value);
    return {
      allowedModels: models.length ? models : null,
      limits: Object.keys(limits).length ? limits : null,
      budgets: budgets.length ? budgets : null,
      alertWebhookUrl: form.elements.alertWebhookUrl.value || null,
    };
  }
  function meterText(m) {
    var whose = m.scope === 'key' ? '' : m.scope + ' ';
    if (m.metric === 'spend') return whose + (m.period === 'total' ? 'all time' : m.period) + ': ' + usd(m.remaining) + ' of ' + usd(m.limit) + (m.mode === 'soft' ? ' (soft)' : '');
    return whose + m.metric + '/' + m.period + ': ' + int(m.remaining) + ' of ' + int(m.limit);
  }
  function meterCell(tr, meters, metric) {
    var td = cell(tr, '');
    meters.filter(function (m) { return metric === 'spend' ? m.metric === 'spend' : m.metric !== 'spend'; }).forEach(function (m) {
      var low = m.limit > 0 && m.remaining / m.limit < 0.2;
      td.appendChild(el('div', { 'data-meter': m.scope + ':' + m.metric + ':' + m.period, 'data-raw': String(m.remaining), class: low ? 'no' : '' }, meterText(m)));
    });
    if (!td.childNodes.length) td.textContent = metric === 'spend' ? 'no budget' : 'no limit';
    return td;
  }
  var keysById = {};
  var teamsById = {};
  var editingKey = null;
  var editingTeam = null;
  function loadKeys() {
    $('key-form').hidden = true;
    $('team-form').hidden = true;
    $('tag-form').hidden = true;
    // A member's session reads its team's keys (the API scopes the list); teams and tag budgets are an admin's.
    var member = session.role === 'member';
    return Promise.all([api('/api/llm/admin/keys'), member ? Promise.resolve([]) : api('/api/llm/admin/teams'), member ? Promise.resolve([]) : api('/api/llm/admin/tags')]).then(function (r) {
      teamsById = {};
      r[1].forEach(function (t) { teamsById[t.id] = t; });
      // The list has no meters: each key's are read from its own route.
      return Promise.all(r[0].map(function (k) { return k.revokedAt ? Promise.resolve({ key: k, meters: [] }) : api('/api/llm/admin/keys/' + k.id).then(function (full) { return { key: k, meters: full.meters || [] }; }); })).then(function (keys) {
        renderKeys(keys, !member);
        renderTeams(r[1]);
        renderTags(r[2]);
        document.body.setAttribute('data-keys', member ? 'team' : 'all');
      });
    });
  }
  function renderKeys(keys, admin) {
    keysById = {};
    var tb = body('keys');
    var select = $('key-form').elements.teamId;
    select.textContent = '';
    select.appendChild(el('option', { value: '' }, '(none)'));
    Object.keys(teamsById).forEach(function (id) { select.appendChild(el('option', { value: id }, teamsById[id].name)); });
    keys.forEach(function (x) {
      var k = x.key;
      keysById[k.id] = k;
      var tr = el('tr', { 'data-key': k.id, 'data-name': k.name, class: k.revokedAt ? 'revoked' : '' });
      cell(tr, k.name);
      cell(tr, k.prefix.length > 16 ? k.prefix.slice(0, 16) + '…' : k.prefix, { class: 'mono' }).title = k.prefix;
      cell(tr, k.role);
      cell(tr, k.teamId ? (teamsById[k.teamId] ? teamsById[k.teamId].name : k.teamId.slice(0, 8)) : '');
      cell(tr, k.tags.join(', '));
      cell(tr, (k.allowedModels || ['all']).join(', '));
      cell(tr, k.revokedAt ? 'revoked ' + when(k.revokedAt) : k.expiresAt ? when(k.expiresAt) : 'never', { 'data-field': 'expires' });
      meterCell(tr, x.meters, 'spend');
      meterCell(tr, x.meters, 'rate');
      var actions = cell(tr, '', { class: 'actions' });
      if (!k.revokedAt && admin) {
        [['Edit', function () { editKey(k); }], ['Rotate', function () { rotateKey(k); }], ['Revoke', function () { revokeKey(k); }]].forEach(function (a) {
          var b = el('button', { type: 'button', 'data-action': a[0].toLowerCase() }, a[0]);
          b.addEventListener('click', a[1]);
          actions.appendChild(b);
        });
      }
      tb.appendChild(tr);
    });
  }
  function renderTeams(teams) {
    var tb = body('teams');
    teams.forEach(function (t) {
      var tr = el('tr', { 'data-team': t.id, 'data-name': t.name });
      cell(tr, t.name);
      cell(tr, (t.allowedModels || ['all']).join(', '));
      meterCell(tr, t.meters, 'spend');
      meterCell(tr, t.meters, 'rate');
      var b = el('button', { type: 'button', 'data-action': 'edit' }, 'Edit');
      b.addEventListener('click', function () { editTeam(t); });
      cell(tr, '').appendChild(b);
      tb.appendChild(tr);
    });
  }
  function editKey(k) {
    editingKey = k || null;
    var f = $('key-form');
    $('key-form-title').textContent = k ? 'Edit ' + k.name : 'New key';
    f.elements.name.value = k ? k.name : '';
    f.elements.role.value = k ? k.role : 'member';
    f.elements.teamId.value = k && k.teamId ? k.teamId : '';
    f.elements.tags.value = k ? k.tags.join(', ') : '';
    f.elements.expiresAt.value = k && k.expiresAt ? k.expiresAt.slice(0, 16) : '';
    fillPolicy(f, k);
    f.hidden = false;
    f.elements.name.focus();
  }
  function saveKey(e) {
    e.preventDefault();
    var f = $('key-form');
    var body = policyOf(f);
    body.name = f.elements.name.value;
    body.role = f.elements.role.value;
    body.teamId = f.elements.teamId.value || null;
    body.tags = list(f.elements.tags.value);
    body.expiresAt = f.elements.expiresAt.value ? new Date(f.elements.expiresAt.value + 'Z').toISOString() : null;
    var request = editingKey ? api('/api/llm/admin/keys/' + editingKey.id, { method: 'PATCH', body: body }) : api('/api/llm/admin/keys', { method: 'POST', body: body });
    document.body.removeAttribute('data-saved');
    request.then(function (d) {
      if (d.secret) showSecret(d.secret);
      return show('keys');
    }).then(function () { document.body.setAttribute('data-saved', 'key'); }, function (err) { showError(err); document.body.setAttribute('data-saved', 'error'); });
  }
  function showSecret(secret) {
    $('key-secret-value').textContent = secret;
    $('key-secret-copied').textContent = '';
    $('key-secret').hidden = false;
  }
  function rotateKey(k) {
    var grace = prompt('Rotate ' + k.name + ': how many seconds should the old secret keep working?', '3600');
    if (grace === null) return;
    api('/api/llm/admin/keys/' + k.id + '/rotate', { method: 'POST', body: { graceSeconds: Number(grace) } }).then(function (d) {
      showSecret(d.secret);
      return show('keys');
    }, showError);
  }
  function revokeKey(k) {
    if (!confirm('Revoke ' + k.name + '? Calls with it are refused from now on.')) return;
    api('/api/llm/admin/keys/' + k.id, { method: 'DELETE' }).then(function () { return show('keys'); }, showError);
  }
  function editTeam(t) {
    editingTeam = t || null;
    var f = $('team-form');
    $('team-form-title').textContent = t ? 'Edit ' + t.name : 'New team';
    f.elements.name.value = t ? t.name : '';
    fillPolicy(f, t);
    f.hidden = false;
  }
  function saveTeam(e) {
    e.preventDefault();
    var f = $('team-form');
    var body = policyOf(f);
    body.name = f.elements.name.value;
    var request = editingTeam ? api('/api/llm/admin/teams/' + editingTeam.id, { method: 'PATCH', body: body }) : api('/api/llm/admin/teams', { method: 'POST', body: body });
    request.then(function () { return show('keys'); }, showError);
  }
  // Tag budgets: a tag's limits and budgets bind every key that carries it (PUT replaces the policy whole).
  var editingTag = null;
  function renderTags(tags) {
    var tb = body('tags');
    tags.forEach(function (t) {
      var tr = el('tr', { 'data-tag': t.tag });
      cell(tr, t.tag, { class: 'mono' });
      cell(tr, (t.allowedModels || ['all']).join(', '));
      meterCell(tr, t.meters, 'spend');
      meterCell(tr, t.meters, 'rate');
      var actions = cell(tr, '', { class: 'actions' });
      [['Edit', function () { editTag(t); }], ['Delete', function () { deleteTag(t); }]].forEach(function (a) {
        var b = el('button', { type: 'button', 'data-action': a[0].toLowerCase() }, a[0]);
        b.addEventListener('click', a[1]);
        actions.appendChild(b);
      });
      tb.appendChild(tr);
    });
  }
  function editTag(t) {
    editingTag = t || null;
    var f = $('tag-form');
    $('tag-form-title').textContent = t ? 'Edit tag ' + t.tag : 'New tag budget';
    f.elements.tag.value = t ? t.tag : '';
    f.elements.tag.readOnly = !!t;
    fillPolicy(f, t);
    f.hidden = false;
  }
  function saveTag(e) {
    e.preventDefault();
    var f = $('tag-form');
    document.body.removeAttribute('data-saved');
    api('/api/llm/admin/tags/' + encodeURIComponent(f.elements.tag.value.trim()), { method: 'PUT', body: policyOf(f) })
      .then(function () { return show('keys'); })
      .then(function () { document.body.setAttribute('data-saved', 'tag'); }, function (err) { showError(err); document.body.setAttribute('data-saved', 'error'); });
  }
  function deleteTag(t) {
    if (!confirm('Remove the limits and budgets of tag ' + t.tag + '? Its keys keep the tag.')) return;
    api('/api/llm/admin/tags/' + encodeURIComponent(t.tag), { method: 'DELETE' }).then(function () { return show('keys'); }, showError);
  }
  $('tag-new').addEventListener('click', function () { editTag(null); });
  $('tag-cancel').addEventListener('click', function () { $('tag-form').hidden = true; });
  $('tag-form').addEventListener('submit', saveTag);
  $('key-new').addEventListener('click', function () { $('key-secret').hidden = true; editKey(null); });
  $('key-cancel').addEventListener('click', function () { $('key-form').hidden = true; });
  $('key-form').addEventListener('submit', saveKey);
  $('key-secret-copy').addEventListener('click', function () {
    var text = $('key-secret-value').textContent;
    var done = function () { $('key-secret-copied').textContent = 'Copied.'; };
    if (navigator.clipboard) navigator.clipboard.writeText(text).then(done, function () { selectSecret(); });
    else selectSecret();
  });
  function selectSecret() {
    var range = document.createRange();
    range.selectNodeContents($('key-secret-value'));
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    $('key-secret-copied').textContent = 'Selected: press Ctrl+C (⌘C).';
  }
  $('team-new').addEventListener('click', function () { editTeam(null); });
  $('team-cancel').addEventListener('click', function () { $('team-form').hidden = true; });
  $('team-form').addEventListener('submit', saveTeam);

  // ---- Spend: GET /api/llm/spend, and the same query as CSV ----
  function spendQuery(csv) {
    var q = new URLSearchParams();
    if ($('spend-from').value) q.set('from', $('spend-from').value);
    if ($('spend-to').value) q.set('to', $('spend-to').value);
    var groups = [].slice.call(document.querySelectorAll('#spend-form input[name="groupBy"]:checked')).map(function (c) { return c.value; });
    if (groups.length) q.set('groupBy', groups.join(','));
    q.set('bucket', $('spend-bucket').value);
    if (csv) q.set('format', 'csv');
    return q.toString();
  }
  var SPEND_LABELS = { period: 'Period', keyName: 'Key', teamName: 'Team', tag: 'Tag', model: 'Model', provider: 'Provider', surface: 'Surface' };
  var SPEND_COLUMNS = { key: 'keyName', team: 'teamName', tag: 'tag', model: 'model', provider: 'provider', surface: 'surface' };
  function loadSpend() {
    if (!$('spend-to').value) $('spend-to').value = today();
    if (!$('spend-from').value) $('spend-from').value = daysBefore($('spend-to').value, 29);
    $('spend-csv').href = '/api/llm/spend?' + spendQuery(true);
    return api('/api/llm/spend?' + spendQuery(false)).then(function (d) {
      var columns = (d.bucket !== 'none' ? ['period'] : []).concat(d.groupBy.map(function (g) { return SPEND_COLUMNS[g]; }));
      var head = $('spend').tHead.rows[0];
      head.textContent = '';
      columns.forEach(function (c) { head.appendChild(el('th', {}, SPEND_LABELS[c])); });
      ['Calls', 'Input tokens', 'Output tokens', 'Spend (USD)'].forEach(function (c) { head.appendChild(el('th', { class: 'n' }, c)); });
      var tb = body('spend');
      var labels = [];
      d.rows.forEach(function (r) {
        var label = columns.map(function (c) { return r[c] === null || r[c] === undefined ? (c === 'tag' ? '(untagged)' : c === 'teamName' ? '(no team)' : '–') : r[c]; });
        labels.push(label.join(' · ') || 'all');
        var tr = el('tr', { 'data-group': label.join('|') + (r.keyId ? '|' + r.keyId : '') });
        if (r.keyId) tr.setAttribute('data-key', r.keyId);
        label.forEach(function (v) { cell(tr, v); });
        cell(tr, int(r.calls), { class: 'n', 'data-field': 'calls', 'data-raw': String(r.calls) });
        cell(tr, int(r.inputTokens), { class: 'n', 'data-field': 'inputTokens', 'data-raw': String(r.inputTokens) });
        cell(tr, int(r.outputTokens), { class: 'n', 'data-field': 'outputTokens', 'data-raw': String(r.outputTokens) });
        cell(tr, usd(r.spend), { class: 'n', 'data-field': 'spend', 'data-raw': String(r.spend) });
        tb.appendChild(tr);
      });
      var t = d.totals;
      $('spend-totals').setAttribute('data-raw', String(t.spend));
      $('spend-totals').textContent = d.from + ' to ' + d.to + ': ' + int(t.calls) + ' calls, ' + int(t.totalTokens) + ' tokens, ' + usd(t.spend) + (d.truncated ? ' (more groups than shown)' : '');
      var top = d.rows.slice(0, 20);
      hbarChart($('chart-spend-groups'), labels.slice(0, 20), top.map(function (r) { return r.spend; }), usd);
    });
  }
  $('spend-form').addEventListener('submit', function (e) { e.preventDefault(); show('spend'); });
  $('spend-form').addEventListener('change', function () { $('spend-csv').href = '/api/llm/spend?' + spendQuery(true); });

  // ---- Audit log: GET /api/llm/admin/audit, newest first, a page at a time ----
  var auditBefore = null;
  function loadAudit(more) {
    var tb = $('audit').tBodies[0];
    if (!more) { tb.textContent = ''; auditBefore = null; }
    return api('/api/llm/admin/audit?limit=50' + (auditBefore ? '&before=' + auditBefore : '')).then(function (events) {
      events.forEach(function (ev) {
        var tr = el('tr', { 'data-audit': String(ev.id), 'data-action': ev.action });
        cell(tr, String(ev.id));
        cell(tr, when(ev.at));
        cell(tr, ev.actor, { 'data-field': 'actor' });
        cell(tr, ev.action, { 'data-field': 'action' });
        var target = ev.targetType === 'key' && keysById[ev.targetId] ? keysById[ev.targetId].name : ev.targetId;
        cell(tr, ev.targetType + ' ' + target, { 'data-field': 'target', 'data-raw': ev.targetId });
        cell(tr, JSON.stringify(ev.changes), { class: 'msg mono' });
        tb.appendChild(tr);
      });
      if (events.length) auditBefore = events[events.length - 1].id;
      $('audit-more').hidden = events.length < 50;
    });
  }
  $('audit-more').addEventListener('click', function () { loadAudit(true).catch(showError); });

  $('signin-key').addEventListener('submit', function (e) {
    e.preventDefault();
    $('signin-error').textContent = '';
    api('/api/console/sign-in/key', { method: 'POST', body: { key: $('key').value } }).then(function (s) {
      $('key').value = '';
      start(s);
    }, function (err) { $('signin-error').textContent = err.message; });
  });
  $('signout').addEventListener('click', function () {
    api('/api/console/sign-out', { method: 'POST' }).catch(function () {}).then(function () { session = null; signIn('Signed out.'); });
  });
  document.querySelectorAll('#nav button').forEach(function (b) { b.addEventListener('click', function () { show(b.getAttribute('data-page')); }); });
  $('chat-provider').addEventListener('change', loadModels);
  $('chat-form').addEventListener('submit', sendChat);

  var failed = /[#&]sign-in-error=([^&]+)/.exec(location.hash);
  if (failed) history.replaceState(null, '', location.pathname + location.search);
  api('/api/console/session').then(start, function (err) {
    if (err.status !== 401) throw err;
    return signIn(failed ? SIGN_IN_ERRORS[decodeURIComponent(failed[1])] || decodeURIComponent(failed[1]) : '');
  }).catch(function (err) { $('signin-error').textContent = err.message; $('signin').hidden = false; });
})();
