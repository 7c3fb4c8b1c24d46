// A script the cut proxy puts first in every page's head: it records the page's uncaught errors, unhandled
// rejections and Content-Security-Policy refusals in sessionStorage, which outlives the tab's navigations and
// reloads, for `Tab.scriptErrors()` to read. WebKit's WebDriver (classic) has no log of them; Firefox reports
// them over BiDi as well. Served by the proxy from our own origin, so the product's CSP allows it.

export const ERROR_PROBE_PATH = '/__engine-error-probe.js';
export const ERROR_PROBE_KEY = 'engine-error-probe';

export const ERROR_PROBE_SOURCE = `(function () {
  var KEY = ${JSON.stringify(ERROR_PROBE_KEY)};
  function record(text) {
    try {
      var list = JSON.parse(sessionStorage.getItem(KEY) || '[]');
      list.push(location.pathname + ': ' + text);
      sessionStorage.setItem(KEY, JSON.stringify(list));
    } catch (e) {}
  }
  window.addEventListener('error', function (e) {
    record('uncaught ' + (e.error && e.error.stack ? e.error.stack.split('\\n')[0] : e.message) + ' at ' + e.filename + ':' + e.lineno);
  });
  window.addEventListener('unhandledrejection', function (e) {
    var r = e.reason;
    record('unhandled rejection ' + (r && r.message ? r.name + ': ' + r.message : String(r)));
  });
  document.addEventListener('securitypolicyviolation', function (e) {
    record('CSP refused ' + e.violatedDirective + ' ' + (e.blockedURI || 'inline') + ' (sample: ' + (e.sample || '') + ')');
  });
})();
`;

/** Reads (in the page) what the probe recorded. */
export function readProbe(key: string): string[] {
  try {
    return JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
  } catch {
    return [];
  }
}
