  (function () {
    var U, K, m, t, a, e = d.documentElement;
    function now() { return Date.now(); }
    function depth() { var y = e.scrollHeight; m = Math.max(m, y > 0 ? Math.min(100, Math.round((w.scrollY + w.innerHeight) * 100 / y)) : 100); }
    function reset() { U = l.href; K = last; m = 0; t = 0; a = d.visibilityState === 'visible' ? now() : 0; depth(); }
    function flush() {
      var b = JSON.stringify({ projectId: p, url: U, hash: H ? true : undefined, scrollDepth: m, engagedMs: Math.min(864e5, Math.round(t + (a ? now() - a : 0))) });
      if (!(navigator.sendBeacon && navigator.sendBeacon(u + '/engagement', b))) fetch(u + '/engagement', { method: 'POST', body: b, keepalive: true });
    }
    function check() { if (last !== K) { flush(); reset(); } }
    ['pushState', 'replaceState'].forEach(function (n) {
      var f = h[n];
      h[n] = function () { var r = f.apply(this, arguments); check(); return r; };
    });
    w.addEventListener('popstate', check);
    w.addEventListener('hashchange', check);
    w.addEventListener('scroll', depth, { passive: true });
    d.addEventListener('visibilitychange', function () {
      if (d.visibilityState === 'visible') a = a || now();
      else if (a) { t += now() - a; a = 0; }
    });
    w.addEventListener('pagehide', function () { depth(); flush(); reset(); });
    setTimeout(reset);
  })();
