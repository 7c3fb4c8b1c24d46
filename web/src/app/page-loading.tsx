// What a layout shows in place of a page whose code is still on its way (client-side navigation only:
// the first page's code is loaded before the app renders).
export function PageLoading() {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center text-slate-500">
      Loading…
    </div>
  );
}
