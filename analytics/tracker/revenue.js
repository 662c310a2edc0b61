  E = function (x) { return x && x.revenue && { revenue: x.revenue }; };
