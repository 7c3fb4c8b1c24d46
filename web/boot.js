// Starts the app's script on a prerendered public page. scripts/build.ts inlines this file, comments
// stripped, at the end of each page's body, with the entry module and the chunks it needs as data
// attributes (instead of <script type="module"> and modulepreload tags in the head). Inline it needs no
// request of its own; at the end of the body it runs once the content above is parsed, and the entry it adds
// is an async module, so the document's parsing never waits for the app's code (a link to /#contact jumps to
// the form before the script has arrived). Until the script has run, the page is plain HTML whose links work.
// The Content-Security-Policy allows it by its hash (api/src/http/inline-scripts.ts): change a character
// here and the build records the new hash.
(function () {
  var me = document.currentScript;
  var entry = me && me.getAttribute('data-entry');
  if (!entry) return;
  // At once, while the document is still loading: the scripts then hold the page's load event, so a page
  // that has loaded has its code, even if the connection drops right after.
  (me.getAttribute('data-preload') || '').split(' ').forEach(function (href) {
    if (!href) return;
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  });
  var script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  document.head.appendChild(script);
})();
