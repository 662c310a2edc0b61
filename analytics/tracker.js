(function (w, d, l) {
  var s = d.currentScript, h = history, k = 'switchyard_internal', last;
  if (!s) return;
  var p = s.getAttribute('data-project') || '__PROJECT__', u = new URL(s.src).origin + '/v1/collect';
  function send(t, n, o) {
    var b = { projectId: p, type: t, url: l.href, referrer: d.referrer || undefined,
      locale: d.documentElement.lang || navigator.language, internal: w.localStorage && localStorage[k] === '1' || undefined };
    if (n) { b.name = n; if (o) b.props = o; }
    b = JSON.stringify(b);
    if (!(navigator.sendBeacon && navigator.sendBeacon(u, b))) fetch(u, { method: 'POST', body: b, keepalive: true });
  }
  function view() { if (last !== l.pathname) { last = l.pathname; send('pageview'); } }
  ['pushState', 'replaceState'].forEach(function (m) {
    var f = h[m];
    h[m] = function () { var r = f.apply(this, arguments); view(); return r; };
  });
  w.addEventListener('popstate', view);
  var q = w.switchyard && w.switchyard.q || [];
  w.switchyard = function (c, n, o) { if (c === 'event') send('event', n, o); };
  q.forEach(function (a) { w.switchyard.apply(null, a); });
  view();
})(window, document, location);
