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
  var page = new URLSearchParams(location.search).get('page') || 'providers';

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
    var load = { providers: loadProviders, queue: loadQueue, playground: loadPlayground }[name] || loadProviders;
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
