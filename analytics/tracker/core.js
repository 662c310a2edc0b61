(function (w, d, l) {
  var s = d.currentScript, h = history, k = 'switchyard_internal', last, H = 0, E = function () {};
  if (!s) return;
  var p = s.getAttribute('data-project') || '__PROJECT__', u = new URL(s.src).origin + '/v1/collect';
  function send(t, n, o, x) {
    var b = { projectId: p, type: t, url: l.href, referrer: d.referrer || undefined,
      locale: d.documentElement.lang || navigator.language, internal: w.localStorage && localStorage[k] === '1' || undefined };
    if (n) { b.name = n; if (o) b.props = o; }
    for (var i in x) b[i] = x[i];
    b = JSON.stringify(b);
    if (!(navigator.sendBeacon && navigator.sendBeacon(u, b))) fetch(u, { method: 'POST', body: b, keepalive: true });
  }
  function view() { var q = l.pathname + (H ? l.hash : ''); if (last !== q) { last = q; send('pageview', 0, 0, H && { hash: true }); } }
  ['pushState', 'replaceState'].forEach(function (m) {
    var f = h[m];
    h[m] = function () { var r = f.apply(this, arguments); view(); return r; };
  });
  w.addEventListener('popstate', view);
  /*EXTENSIONS*/
  var q = w.switchyard && w.switchyard.q || [];
  w.switchyard = function (c, n, o, x) { if (c === 'event') send('event', n, o, E(x)); };
  q.forEach(function (a) { w.switchyard.apply(null, a); });
  view();
})(window, document, location);
