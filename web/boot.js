// Starts the app's script on a prerendered public page. scripts/build.ts inlines this file, comments
// stripped, at the end of each page's body, with the entry module and the chunks it needs as data
// attributes (instead of <script type="module"> and modulepreload tags in the head). Inline it needs no
// request of its own. It starts the app's code once the page's first paint is on screen: the text is there
// before the script competes with it for the connection and the main thread, and the document's parsing never
// waits for the app's code (a link to /#contact jumps to the form before the script has arrived). Until the
// script has run, the page is plain HTML whose links work and whose forms the browser posts itself (the API
// answers them with pages). A tab opened in the background paints nothing, so it starts at once. No retry when
// the fetch fails: the browser remembers a module that failed to load under its URL for the life of the page,
// and the page keeps working as that plain HTML; the next visit, or the service worker's precache, brings the code.
// The Content-Security-Policy allows it by its hash (api/src/http/inline-scripts.ts): change a character
// here and the build records the new hash.
(function () {
  // A form the browser posts itself (the app has not run yet, or its code never arrived) carries its fill time
  // as the app's submissions do: the time from the page's start to the first Submit on this page, in the field
  // marked data-fill-time (web/src/components/ui/fill-time-field.tsx). Kept on a second press or a return to
  // the page, so the same post has the same content and the server stores it once.
  document.addEventListener(
    'submit',
    function (event) {
      var field = event.target && event.target.querySelector && event.target.querySelector('input[data-fill-time]');
      if (field && !field.value) field.value = String(Math.round(performance.now()));
    },
    true,
  );
  var me = document.currentScript;
  var entry = me && me.getAttribute('data-entry');
  if (!entry) return;
  var chunks = (me.getAttribute('data-preload') || '').split(' ');
  function add(rel, href) {
    var link = document.createElement('link');
    link.rel = rel;
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
  function start() {
    chunks.forEach(function (href) {
      if (href) add('modulepreload', href);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  // The first contentful paint is reported once its frame is on screen, which can be several frames after the
  // main thread painted it: started at the next animation frame, the scripts could still arrive before it.
  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (document.visibilityState === 'hidden') {
    start();
  } else if (!types || types.indexOf('paint') < 0) {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  } else {
    var started = false;
    var observer = new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length) once();
    });
    var once = function () {
      if (started) return;
      started = true;
      observer.disconnect();
      setTimeout(start, 0);
    };
    observer.observe({ type: 'paint', buffered: true });
    // A page that paints no content still gets its code.
    setTimeout(once, 3000);
  }
})();
