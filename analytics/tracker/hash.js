  H = 1; w.addEventListener('hashchange', view);
