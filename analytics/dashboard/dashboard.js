// The dashboard: every number comes from this service's stats API, mostly from one
// GET /v1/stats/dashboard per view, so the page and the API cannot disagree.
(function () {
  'use strict';
  var $ = function (id) { return document.getElementById(id); };
  var share = /[#&]share=([^&]+)/.exec(location.hash);
  var inviteToken = /[#&]invite=([^&]+)/.exec(location.hash);
  var resetToken = /[#&]reset=([^&]+)/.exec(location.hash);
  var key = share ? decodeURIComponent(share[1]) : sessionStorage.getItem('switchyard_key');
  var shared = Boolean(share);
  // A password-protected link's unlock token, kept for this tab.
  var unlock = shared ? sessionStorage.getItem('switchyard_unlock:' + key) : null;
  // Signed in as a person: the session (GET /v1/account) and the site on show.
  var account = null;
  var site = null;
  var zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  var params = new URLSearchParams(location.search);
  var state = {
    period: params.get('period') || '7d', from: params.get('from') || '', to: params.get('to') || '',
    compare: params.get('compare') || '', bots: params.get('includeBots') === '1', internal: params.get('includeInternal') === '1',
    filters: JSON.parse(params.get('filters') || '[]'), timezone: params.get('timezone') || zone,
  };
  var SECTIONS = ['pages', 'sources', 'campaigns', 'locations', 'devices', 'languages', 'events', 'goals', 'funnels', 'sessions'];
  var PANELS = [
    { title: 'Pages', section: 'pages', tabs: [['Top pages', 'event:page'], ['Entry pages', 'visit:entry_page'], ['Exit pages', 'visit:exit_page']] },
    { title: 'Sources', section: 'sources', tabs: [['Channel groups', 'visit:channel_group'], ['Channels', 'visit:channel'], ['Sources', 'visit:source'], ['Referrers', 'visit:referrer']] },
    { title: 'Campaigns', section: 'campaigns', tabs: [['UTM source', 'visit:utm_source'], ['Medium', 'visit:utm_medium'], ['Campaign', 'visit:utm_campaign'], ['Term', 'visit:utm_term'], ['Content', 'visit:utm_content']] },
    { title: 'Locations', section: 'locations', tabs: [['Countries', 'visit:country'], ['Regions', 'visit:region'], ['Cities', 'visit:city']] },
    { title: 'Devices', section: 'devices', tabs: [['Devices', 'visit:device'], ['Browsers', 'visit:browser'], ['Systems', 'visit:os']] },
    { title: 'Languages', section: 'languages', tabs: [['Locales', 'visit:locale']] },
    { title: 'Custom events', section: 'events', tabs: [['Events', 'event:name']] },
  ];
  var tabOf = {};
  var data = null;

  // Keys and share links go as a Bearer header; a person's session is the cookie,
  // with the site in X-Site and the CSRF token on unsafe methods.
  function api(path, opts) {
    opts = opts || {};
    var method = opts.method || 'GET';
    var headers = {};
    if (key) headers.authorization = 'Bearer ' + key;
    if (unlock) headers['x-share-unlock'] = unlock;
    if (!key && account) {
      if (site) headers['x-site'] = site.id;
      if (method !== 'GET') headers['x-csrf-token'] = account.csrfToken;
    }
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    return fetch(path, { method: method, headers: headers, credentials: 'same-origin', body: opts.body === undefined ? undefined : JSON.stringify(opts.body) }).then(function (res) {
      if (res.status === 204) return null;
      return res.json().then(function (body) {
        if (!res.ok) { var e = new Error(body.error ? body.error.message : res.statusText); e.status = res.status; e.code = body.error && body.error.code; throw e; }
        return body;
      });
    });
  }
  // The sections the owner hid from viewers, which a shared link is too (its GET /v1/project names them).
  var shareHidden = [];
  function hidden(section) {
    if (shared) return shareHidden.indexOf(section) >= 0;
    return Boolean(account && site && site.role === 'viewer' && site.hiddenSections.indexOf(section) >= 0);
  }
  function show(id) {
    ['signin', 'invite', 'reset', 'share-lock', 'app'].forEach(function (x) { $(x).hidden = x !== id; });
  }
  function query(extra) {
    var q = new URLSearchParams({ period: state.period, timezone: state.timezone });
    if (state.period === 'custom') { q.set('from', state.from); q.set('to', state.to); }
    if (state.compare) q.set('compare', state.compare);
    if (state.bots) q.set('includeBots', '1');
    if (state.internal) q.set('includeInternal', '1');
    if (state.filters.length) q.set('filters', JSON.stringify(state.filters));
    for (var k in extra || {}) q.set(k, extra[k]);
    return q.toString();
  }
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    // Styles through the CSSOM: the page's Content-Security-Policy refuses style attributes.
    for (var k in attrs || {}) if (k === 'style') e.style.cssText = attrs[k]; else e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  var nf = new Intl.NumberFormat();
  function num(n) { return nf.format(n); }
  function pct(x) { return (Math.round(x * 1000) / 10) + '%'; }
  function dur(s) { var m = Math.floor(s / 60); return (m ? m + 'm ' : '') + Math.round(s % 60) + 's'; }

  // How people sign in here (password, and an identity provider when one is configured).
  var methods = api('/v1/account/sign-in-methods').then(function (m) { return m.methods; }, function () { return ['password']; });
  function signin(message, field) {
    show('signin');
    $('account-error').textContent = '';
    $('signin-error').textContent = '';
    if (message) $(field || 'account-error').textContent = message;
    methods.then(function (m) { $('signin-oidc').hidden = m.indexOf('oidc') < 0; });
  }
  var failed = /[#&]sign-in-error=([^&]+)/.exec(location.hash);
  var FAILED = {
    no_account: 'That identity has no account here: ask a site\'s owner for an invitation.',
    email_not_verified: 'The identity provider did not give a verified email.',
    sign_in_expired: 'The sign-in took too long or was already used: sign in again.',
  };
  $('signin-form').addEventListener('submit', function (e) {
    e.preventDefault();
    key = $('key').value.trim();
    account = null;
    api('/v1/project').then(function () { sessionStorage.setItem('switchyard_key', key); start(); }, function (err) { key = null; signin(err.message, 'signin-error'); });
  });
  function signedIn(session, then) {
    account = session;
    key = null;
    sessionStorage.removeItem('switchyard_key');
    (then || openAccount)();
  }
  $('account-form').addEventListener('submit', function (e) {
    e.preventDefault();
    $('account-error').textContent = '';
    api('/v1/account/sign-in', { method: 'POST', body: { email: $('email').value, password: $('password').value } })
      .then(function (s) { signedIn(s, pendingInvite); }, function (err) { $('account-error').textContent = err.message; });
  });
  $('forgot').addEventListener('click', function () { $('reset-request-form').hidden = false; $('reset-email').value = $('email').value; });
  $('reset-request-form').addEventListener('submit', function (e) {
    e.preventDefault();
    api('/v1/account/password-reset', { method: 'POST', body: { email: $('reset-email').value } })
      .then(function () { $('reset-request-note').textContent = 'If that email has an account, the link is on its way.'; }, function (err) { $('reset-request-note').textContent = err.message; });
  });
  $('signout').addEventListener('click', function () {
    sessionStorage.removeItem('switchyard_key');
    key = null;
    location.hash = '';
    if (!account) return signin();
    api('/v1/account/sign-out', { method: 'POST' }).then(function () { account = null; site = null; signin(); }, function () { account = null; signin(); });
  });

  // An invitation link: who invites to what, then accept (a new account chooses a password; an existing one signs in first).
  var pendingInvite = null;
  function openInvite(token) {
    show('invite');
    api('/v1/invitations/preview', { method: 'POST', body: { token: token } }).then(function (inv) {
      $('invite-text').textContent = 'You are invited to ' + inv.siteName + ' as ' + inv.role + ' (' + inv.email + ').' + (inv.hasAccount && !account ? ' Sign in first, then the invitation is accepted.' : '');
      methods.then(function (m) { $('invite-oidc').hidden = Boolean(account) || m.indexOf('oidc') < 0; });
      // Accepted after the identity provider sends the browser back signed in.
      $('invite-oidc').onclick = function () { sessionStorage.setItem('switchyard_invite', token); };
      $('invite-password').hidden = inv.hasAccount || Boolean(account);
      $('invite-password').required = !$('invite-password').hidden;
      $('invite-form').onsubmit = function (e) {
        e.preventDefault();
        if (inv.hasAccount && !account) {
          pendingInvite = function () { accept(token); };
          $('email').value = inv.email;
          return signin('Sign in as ' + inv.email + ' to accept.');
        }
        accept(token, $('invite-password').hidden ? undefined : $('invite-password').value);
      };
    }, function (err) { $('invite-text').textContent = err.message; $('invite-accept').hidden = true; });
  }
  function accept(token, password) {
    var body = { token: token };
    if (password !== undefined) body.password = password;
    api('/v1/invitations/accept', { method: 'POST', body: body }).then(function (r) {
      history.replaceState(null, '', location.pathname + location.search);
      localStorage.setItem('switchyard_site', r.siteId);
      pendingInvite = null;
      if (r.session) account = r.session;
      openAccount();
    }, function (err) { show('invite'); $('invite-error').textContent = err.message; });
  }
  function openReset(token) {
    show('reset');
    $('reset-form').onsubmit = function (e) {
      e.preventDefault();
      api('/v1/account/password-reset/complete', { method: 'POST', body: { token: token, password: $('new-password').value } }).then(function () {
        history.replaceState(null, '', location.pathname + location.search);
        signin('The new password is set: sign in with it.');
      }, function (err) { $('reset-error').textContent = err.message; });
    };
  }
  function openShareLock(message) {
    show('share-lock');
    $('share-error').textContent = message || '';
    $('share-form').onsubmit = function (e) {
      e.preventDefault();
      api('/v1/shared-links/unlock', { method: 'POST', body: { password: $('share-password').value } }).then(function (r) {
        unlock = r.unlockToken;
        sessionStorage.setItem('switchyard_unlock:' + key, unlock);
        start();
      }, function (err) { $('share-error').textContent = err.message; });
    };
  }

  // Signed in as a person: the session's sites, the one on show, and what this role may see and do.
  function openAccount() {
    api('/v1/account').then(function (s) {
      account = s;
      var invited = sessionStorage.getItem('switchyard_invite');
      if (invited) { sessionStorage.removeItem('switchyard_invite'); return accept(invited); }
      if (!s.sites.length) return signin('Signed in as ' + s.account.email + ', who is a member of no site yet. Ask an owner for an invitation.');
      var wanted = localStorage.getItem('switchyard_site');
      site = s.sites.filter(function (x) { return x.id === wanted; })[0] || s.sites[0];
      var sel = $('site');
      sel.textContent = '';
      s.sites.forEach(function (x) { sel.appendChild(el('option', { value: x.id }, x.name + ' (' + x.role + ')')); });
      sel.value = site.id;
      sel.hidden = s.sites.length < 2;
      sel.onchange = function () { localStorage.setItem('switchyard_site', this.value); location.reload(); };
      $('who').textContent = s.account.email + ' · ' + site.role;
      $('members-btn').hidden = site.role === 'viewer';
      $('members-btn').onclick = function () { $('members-panel').hidden = !$('members-panel').hidden; if (!$('members-panel').hidden) loadMembers(); };
      start();
    }, function () { account = null; signin(); });
  }

  function loadMembers() {
    var note = function (t) { $('members-note').textContent = t || ''; };
    api('/v1/members').then(function (r) {
      var t = $('members');
      t.textContent = '';
      r.members.forEach(function (m) {
        var tr = el('tr', { 'data-member': m.email, 'data-role': m.role });
        tr.appendChild(el('td', { class: 'k' }, (m.name ? m.name + ' · ' : '') + m.email));
        var role = el('select', { 'aria-label': 'Role of ' + m.email });
        ['owner', 'admin', 'viewer'].forEach(function (x) { role.appendChild(el('option', { value: x }, x)); });
        role.value = m.role;
        role.onchange = function () { api('/v1/members/' + m.accountId, { method: 'PATCH', body: { role: role.value } }).then(function () { note('Role changed.'); loadMembers(); }, function (err) { note(err.message); role.value = m.role; }); };
        tr.appendChild(el('td')).appendChild(role);
        var rm = el('button', { type: 'button', 'aria-label': 'Remove ' + m.email }, 'Remove');
        rm.onclick = function () { api('/v1/members/' + m.accountId, { method: 'DELETE' }).then(function () { note('Removed.'); loadMembers(); }, function (err) { note(err.message); }); };
        tr.appendChild(el('td')).appendChild(rm);
        t.appendChild(tr);
      });
      var inv = $('invitations');
      inv.textContent = '';
      r.invitations.forEach(function (i) {
        var tr = el('tr', { 'data-invitation': i.email });
        tr.appendChild(el('td', { class: 'k' }, i.email));
        tr.appendChild(el('td', {}, i.role));
        var w = el('button', { type: 'button' }, 'Withdraw');
        w.onclick = function () { api('/v1/invitations/' + i.id, { method: 'DELETE' }).then(function () { loadMembers(); }, function (err) { note(err.message); }); };
        tr.appendChild(el('td')).appendChild(w);
        inv.appendChild(tr);
      });
      if (!r.invitations.length) inv.appendChild(el('tr')).appendChild(el('td', {}, 'None'));
    }, function (err) { note(err.message); });
    $('invite-member').onsubmit = function (e) {
      e.preventDefault();
      api('/v1/invitations', { method: 'POST', body: { email: $('invite-email').value, role: $('invite-role').value } }).then(function (i) {
        note('Invitation mailed to ' + i.email + '.');
        $('invite-email').value = '';
        loadMembers();
      }, function (err) { note(err.message); });
    };
    var owner = site && site.role === 'owner';
    $('visibility').hidden = !owner;
    $('invite-role').querySelector('option[value=owner]').hidden = !owner;
    if (!owner) return;
    api('/v1/project/visibility').then(function (v) {
      var box = $('sections');
      box.textContent = '';
      SECTIONS.forEach(function (sec) {
        var label = el('label');
        var cb = el('input', { type: 'checkbox', value: sec, 'data-hide': sec });
        cb.checked = v.hiddenSections.indexOf(sec) >= 0;
        label.appendChild(cb);
        label.appendChild(document.createTextNode(' ' + sec));
        box.appendChild(label);
      });
    });
    $('save-visibility').onclick = function () {
      var chosen = [].slice.call($('sections').querySelectorAll('input:checked')).map(function (c) { return c.value; });
      api('/v1/project/visibility', { method: 'PUT', body: { hiddenSections: chosen } }).then(function () { note('Saved: viewers no longer see ' + (chosen.join(', ') || 'nothing') + '.'); }, function (err) { note(err.message); });
    };
  }

  function syncUrl() {
    var q = new URLSearchParams(query());
    if (q.get('timezone') === zone) q.delete('timezone');
    history.replaceState(null, '', location.pathname + '?' + q.toString() + location.hash);
  }
  function load() {
    syncUrl();
    $('error').textContent = '';
    // Imported data (POST /v1/imports) is shown with the collected data, on the days that have no collected events.
    return api('/v1/stats/dashboard?' + query() + '&withImported=1').then(function (d) { data = d; render(); }, fail);
  }
  function fail(err) {
    if (err.code === 'share_link_locked') return openShareLock();
    if (err.code === 'share_link_expired') return signin('This shared link has expired.', 'signin-error');
    if (err.status === 401) return account ? (account = null, signin('The session ended; sign in again.')) : signin(shared ? 'This shared link was revoked.' : 'The key is not valid (any more).', 'signin-error');
    $('error').textContent = err.message;
  }

  function cards(o) {
    var box = $('cards');
    box.textContent = '';
    [['visitors', 'Unique visitors', num], ['pageviews', 'Pageviews', num], ['bounceRate', 'Bounce rate', pct],
      ['avgVisitDurationSeconds', 'Visit duration', dur], ['viewsPerVisit', 'Views per visit', String], ['events', 'Custom events', num]]
      .forEach(function (m) {
        var c = el('div', { class: 'card' });
        c.appendChild(el('div', { class: 'label' }, m[1]));
        var v = el('div', { class: 'value', 'data-metric': m[0], 'data-raw': String(o[m[0]]) }, m[2](o[m[0]]));
        if (o.change && o.change[m[0]] !== null && o.change[m[0]] !== undefined) {
          var ch = o.change[m[0]];
          var good = m[0] === 'bounceRate' ? ch <= 0 : ch >= 0;
          v.appendChild(el('span', { class: 'change ' + (good ? 'up' : 'down'), 'data-change': m[0] }, (ch > 0 ? '+' : '') + ch + (m[0] === 'bounceRate' ? ' pt' : '%')));
        }
        c.appendChild(v);
        box.appendChild(c);
      });
  }

  function chart(ts) {
    var svg = $('chart');
    var pts = ts.points;
    var prev = ts.comparison ? ts.comparison.points : [];
    var max = Math.max(1, Math.max.apply(null, pts.map(function (p) { return p.visitors; }).concat(prev.map(function (p) { return p.visitors; }))));
    var w = 800, h = 210;
    function line(list) {
      return list.map(function (p, i) { return (list.length > 1 ? (i / (list.length - 1)) * w : w / 2).toFixed(1) + ',' + (h - (p.visitors / max) * (h - 10)).toFixed(1); }).join(' ');
    }
    svg.innerHTML = (prev.length ? '<polyline fill="none" stroke="#9ca3af" stroke-dasharray="4 3" stroke-width="2" points="' + line(prev) + '"/>' : '') +
      '<polyline fill="none" stroke="#2563eb" stroke-width="2.5" points="' + line(pts) + '"/>';
    svg.setAttribute('data-points', JSON.stringify(pts.map(function (p) { return p.visitors; })));
    var axis = $('chart-axis');
    axis.textContent = '';
    if (pts.length) { axis.appendChild(el('span', {}, pts[0].date)); axis.appendChild(el('span', {}, 'max ' + num(max))); axis.appendChild(el('span', {}, pts[pts.length - 1].date)); }
  }

  function addFilter(f) { state.filters.push(f); renderFilters(); load(); }
  function renderFilters() {
    var box = $('filters');
    box.textContent = '';
    state.filters.forEach(function (f, i) {
      var chip = el('span', { class: 'chip', 'data-filter': JSON.stringify(f) }, f[1].replace(/^(visit|event):/, '') + ' ' + f[0].replace('_', ' ') + ' ' + f[2].join(', '));
      var x = el('button', { type: 'button', 'aria-label': 'Remove filter' }, '×');
      x.addEventListener('click', function () { state.filters.splice(i, 1); renderFilters(); load(); });
      chip.appendChild(x);
      box.appendChild(chip);
    });
  }

  function table(rows, property) {
    var t = el('table', { 'data-panel': property });
    var main = property === 'event:page' ? 'pageviews' : property === 'event:name' ? 'events' : 'visitors';
    var max = Math.max(1, Math.max.apply(null, rows.map(function (r) { return r[main]; })));
    // Engagement columns only where the tracker's engagement extension reported any.
    var eng = property === 'event:page' && rows.some(function (r) { return r.scrollDepth !== undefined; });
    rows.forEach(function (r) {
      var tr = el('tr', { class: 'click', 'data-value': r.value === null ? '(none)' : r.value, 'data-visitors': String(r.visitors) });
      var k = el('td', { class: 'k', style: '--w:' + Math.round((r[main] / max) * 100) + '%', title: r.value || '(none)' }, r.label || (r.value === null ? '(none)' : r.value));
      tr.appendChild(k);
      tr.appendChild(el('td', { class: 'n', 'data-col': 'visitors' }, num(r.visitors)));
      if (main !== 'visitors') tr.appendChild(el('td', { class: 'n', 'data-col': main }, num(r[main])));
      if (eng) {
        tr.appendChild(el('td', { class: 'n', 'data-col': 'scrollDepth', title: 'Scroll depth (average)' }, r.scrollDepth === undefined ? '' : Math.round(r.scrollDepth) + '%'));
        tr.appendChild(el('td', { class: 'n', 'data-col': 'timeOnPage', title: 'Time on page (visible, average)' }, r.timeOnPage === undefined ? '' : dur(r.timeOnPage)));
      }
      if (r.change !== undefined && r.change !== null) tr.appendChild(el('td', { class: 'n ' + (r.change >= 0 ? 'up' : 'down') }, (r.change > 0 ? '+' : '') + r.change + '%'));
      tr.addEventListener('click', function () { addFilter(['is', property, [r.value === null ? '(none)' : String(r.value)]]); });
      t.appendChild(tr);
    });
    if (!rows.length) t.appendChild(el('tr', {}, '')).appendChild(el('td', {}, 'No data'));
    return t;
  }

  function renderPanels() {
    var box = $('panels');
    box.textContent = '';
    PANELS.forEach(function (p) {
      if (hidden(p.section)) return;
      var panel = el('div', { class: 'panel', 'data-section': p.section });
      panel.appendChild(el('h2', {}, p.title));
      var current = tabOf[p.title] || p.tabs[0][1];
      if (p.tabs.length > 1) {
        var tabs = el('div', { class: 'tabs' });
        p.tabs.forEach(function (t) {
          var b = el('button', { type: 'button', class: t[1] === current ? 'on' : '' }, t[0]);
          b.addEventListener('click', function () { tabOf[p.title] = t[1]; renderPanels(); });
          tabs.appendChild(b);
        });
        panel.appendChild(tabs);
      }
      panel.appendChild(table(data.breakdowns[current] || [], current));
      box.appendChild(panel);
    });
  }

  function renderGoals(g) {
    var t = $('goals');
    t.textContent = '';
    g.results.forEach(function (r) {
      var tr = el('tr', { 'data-goal': r.name, 'data-visitors': String(r.visitors) });
      tr.appendChild(el('td', { class: 'k' }, r.name));
      tr.appendChild(el('td', { class: 'n' }, num(r.visitors)));
      tr.appendChild(el('td', { class: 'n' }, pct(r.conversionRate)));
      tr.appendChild(el('td', { class: 'n' }, r.revenue.map(function (x) { return x.total + ' ' + (x.currency || ''); }).join(', ')));
      t.appendChild(tr);
    });
    if (!g.results.length) t.appendChild(el('tr')).appendChild(el('td', {}, 'No goals yet'));
  }

  function renderSegments(s) {
    var t = $('segments');
    t.textContent = '';
    [['humans', 'Humans'], ['vpn', 'VPN'], ['internal', 'Internal'], ['bots', 'Bots']].forEach(function (c) {
      var tr = el('tr', { 'data-segment': c[0] });
      tr.appendChild(el('td', { class: 'k' }, c[1]));
      tr.appendChild(el('td', { class: 'n' }, num(s[c[0]])));
      t.appendChild(tr);
    });
  }

  function loadFunnels() {
    if (hidden('funnels')) return;
    api('/v1/funnels').then(function (r) {
      var sel = $('funnel-select');
      sel.textContent = '';
      if (!r.funnels.length) { $('funnel').textContent = 'No saved funnels (POST /v1/funnels).'; sel.hidden = true; return; }
      r.funnels.forEach(function (f) { sel.appendChild(el('option', { value: f.id }, f.name)); });
      sel.onchange = renderFunnel;
      renderFunnel();
    }, fail);
  }
  function renderFunnel() {
    var id = $('funnel-select').value;
    if (!id) return;
    api('/v1/stats/funnel?' + query({ funnel: id })).then(function (f) {
      var box = $('funnel');
      box.textContent = '';
      f.steps.forEach(function (s) {
        var row = el('div', { 'data-step': s.label, 'data-visitors': String(s.visitors) });
        row.appendChild(el('div', {}, s.label + ': ' + num(s.visitors) + ' (' + pct(s.conversionRate) + ', drop-off ' + num(s.dropoff) + ')'));
        var bar = el('div', { class: 'bar', style: 'width:' + Math.max(2, s.conversionRate * 100) + '%' });
        row.appendChild(bar);
        box.appendChild(row);
      });
    }, fail);
  }

  function loadSessions() {
    if (shared || hidden('sessions')) { $('sessions-panel').hidden = true; return; }
    api('/v1/sessions?' + query({ limit: '20' }).replace(/(^|&)compare=[^&]*/, '')).then(function (r) {
      var t = $('sessions');
      t.textContent = '';
      r.sessions.forEach(function (s) {
        var tr = el('tr', { class: 'click', 'data-session': s.id });
        [new Date(s.lastSeenAt).toLocaleString(), s.entryPath || '', (s.sourceLabel || '') + ' · ' + s.channelGroup, s.country || '', s.browser || '', s.pageviews + ' views', dur(s.durationSeconds)]
          .forEach(function (v, i) { tr.appendChild(el('td', { class: i > 4 ? 'n' : 'k' }, v)); });
        tr.addEventListener('click', function () { timeline(s.id); });
        t.appendChild(tr);
      });
    }, fail);
  }
  function timeline(id) {
    api('/v1/sessions/' + id).then(function (d) {
      var box = $('timeline');
      box.hidden = false;
      box.textContent = '';
      box.appendChild(el('h2', {}, 'Session ' + id.slice(0, 8) + ' · ' + d.session.channelGroup + ' · ' + (d.session.country || '?') + ' · ' + (d.session.browser || '?')));
      var ol = el('ol');
      d.events.forEach(function (e) {
        ol.appendChild(el('li', { 'data-event': e.eventType }, new Date(e.createdAt).toLocaleTimeString() + ' ' + (e.eventType === 'pageview' ? 'viewed ' + e.path : e.eventName + ' on ' + e.path + (e.props ? ' ' + JSON.stringify(e.props) : ''))));
      });
      box.appendChild(ol);
    }, fail);
  }

  function realtime() {
    api('/v1/stats/realtime').then(function (r) { $('realtime').textContent = '● ' + num(r.activeSessions) + ' current visitors'; $('realtime').setAttribute('data-active', String(r.activeSessions)); }, function () {});
  }

  function importedNote(note) {
    var p = $('imported');
    p.hidden = !(note && note.included && note.days > 0);
    p.setAttribute('data-days', note && note.included ? String(note.days) : '0');
    p.textContent = p.hidden ? '' : 'Includes ' + note.days + (note.days === 1 ? ' day' : ' days') + ' of data imported from another analytics tool.';
  }

  function render() {
    cards(data.overview);
    importedNote(data.overview.imported);
    chart(data.timeseries);
    renderPanels();
    if (!hidden('goals')) renderGoals(data.goals);
    renderSegments(data.overview.segments);
    document.body.setAttribute('data-ready', '1');
  }

  function controls() {
    $('period').value = state.period;
    $('custom').hidden = state.period !== 'custom';
    $('from').value = state.from; $('to').value = state.to;
    $('compare').value = state.compare; $('bots').checked = state.bots; $('internal').checked = state.internal;
    $('period').onchange = function () {
      state.period = this.value;
      $('custom').hidden = state.period !== 'custom';
      if (state.period === 'custom' && !(state.from && state.to)) {
        var d = new Date(); state.to = d.toISOString().slice(0, 10); d.setDate(d.getDate() - 6); state.from = d.toISOString().slice(0, 10);
        $('from').value = state.from; $('to').value = state.to;
      }
      reload();
    };
    $('from').onchange = function () { state.from = this.value; reload(); };
    $('to').onchange = function () { state.to = this.value; reload(); };
    $('compare').onchange = function () { state.compare = this.value; reload(); };
    $('bots').onchange = function () { state.bots = this.checked; reload(); };
    $('internal').onchange = function () { state.internal = this.checked; reload(); };
    var dims = ['event:page', 'event:name'].concat(PANELS.reduce(function (a, p) { return hidden(p.section) ? a : a.concat(p.tabs.map(function (t) { return t[1]; })); }, []).filter(function (d) { return d.indexOf('visit:') === 0; }));
    if (hidden('pages')) dims.splice(dims.indexOf('event:page'), 1);
    if (hidden('events')) dims.splice(dims.indexOf('event:name'), 1);
    dims.forEach(function (d) { $('f-dim').appendChild(el('option', {}, d)); });
    $('add-filter').onsubmit = function (e) { e.preventDefault(); addFilter([$('f-op').value, $('f-dim').value, [$('f-val').value]]); $('f-val').value = ''; };
  }
  function reload() { load(); loadSessions(); if (!$('funnel-select').hidden) renderFunnel(); }

  var started = false;
  function start() {
    // A shared link learns which sections are hidden from it before anything is drawn.
    // Nothing is drawn while that is unknown: a failure shows only its message (or the link's password form).
    if (shared) return api('/v1/project').then(function (p) { shareHidden = p.hiddenSections || []; begin(p); }, function (err) { show('app'); fail(err); });
    begin(null);
  }
  function named(p) { $('project-name').textContent = p.name; document.title = p.name + ' · Switchyard Analytics'; }
  function begin(project) {
    show('app');
    if (shared) $('signout').hidden = true;
    ['goals', 'funnels', 'sessions'].forEach(function (sec) { $(sec === 'goals' ? 'goals-panel' : sec === 'funnels' ? 'funnel-panel' : 'sessions-panel').hidden = hidden(sec); });
    // Once per page: a second start (after a link's password, or a new sign-in) only loads again.
    if (!started) {
      controls();
      setInterval(realtime, 30000);
    }
    started = true;
    renderFilters();
    load();
    if (project) named(project);
    else api('/v1/project').then(named, function () {});
    realtime();
    loadFunnels();
    loadSessions();
  }
  if (inviteToken) {
    // Signed in already, the invitation goes to this account.
    api('/v1/account').then(function (s) { account = s; }, function () {}).then(function () { openInvite(decodeURIComponent(inviteToken[1])); });
  } else if (resetToken) openReset(decodeURIComponent(resetToken[1]));
  else if (failed) {
    history.replaceState(null, '', location.pathname + location.search);
    signin(FAILED[failed[1]] || 'The sign-in failed (' + decodeURIComponent(failed[1]) + '): try again.');
  } else if (key) start();
  else openAccount();
})();
