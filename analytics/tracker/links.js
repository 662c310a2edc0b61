  function c(e) {
    var a = e.target.closest && e.target.closest('a[href]'), x;
    if (!a || e.type === 'auxclick' && e.button !== 1) return;
    try { x = new URL(a.href, l.href); } catch (_) { return; }
    /*LINKS*/
  }
  d.addEventListener('click', c, true); d.addEventListener('auxclick', c, true);
