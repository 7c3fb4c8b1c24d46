// Starts the app's script on a prerendered public page once the page has painted. The page's HTML names the
// entry module and the chunks it needs (scripts/build.ts writes them as data attributes): fetching them only
// after the first paint leaves a slow connection to the HTML, its styles and the hero first, and nothing of
// the page waits for them. Until the script has run, the page is plain HTML whose links and forms work.
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
  // After the next frame is painted; a hidden tab paints nothing, so it starts at once, and a timer covers
  // a browser that delays frames.
  if (document.visibilityState !== 'visible') return start();
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 300);
})();
