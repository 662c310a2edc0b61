  if (d.querySelector('meta[name="switchyard-404"]')) setTimeout(function () { send('event', '404', { path: l.pathname }); });
