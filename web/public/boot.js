// Starts the app's script on a prerendered public page. The page's HTML names the entry module and the
// chunks it needs (scripts/build.ts writes them as data attributes) instead of <script type="module"> and
// modulepreload tags: this deferred script runs once the HTML is parsed, and the entry it adds is an async
// module, so the document's parsing never waits for the app's code (a link to /#contact jumps to the form
// before the script has arrived). Until the script has run, the page is plain HTML whose links work.
(function () {
  var me = document.currentScript;
  var entry = me && me.getAttribute('data-entry');
  if (!entry) return;
  var chunks = (me.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    chunks.forEach(function (href) {
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
  }
  // At once, while the document is still loading: the scripts then hold the page's load event, so a page
  // that has loaded has its code, even if the connection drops right after.
  start();
})();
