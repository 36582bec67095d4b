import { nextTask } from './lib/next-task';

// Start-up comes in steps, each a task of its own, so that none is long enough to hold back a tap on a
// phone: the framework and the API client are evaluated first, then the store takes the server's
// answers, then the app's own modules are evaluated, then the page's chunk is loaded, and only then
// does hydration start, as a transition that yields every few milliseconds.
//
// A page the browser renders alone (an empty root: every page behind a login) shows nothing until its
// chunks are in. They are asked for now, with the app's first modules, rather than each once the one
// around it has rendered (the router, the shell, the page), a round trip apiece on a slow connection.
const rendersAlone = !document.getElementById('root')?.hasChildNodes();
const routerLoading = rendersAlone ? import('./app/router') : undefined;
const [{ createStore }, { readServerState, serverStateLoaded }, { createRoot, hydrateRoot }, { startTransition }] =
  await Promise.all([import('./app/store'), import('./lib/api'), import('react-dom/client'), import('react')]);
await nextTask();

const store = createStore();
const serverState = readServerState(document);
if (serverState) store.dispatch(serverStateLoaded(serverState));
// A chunk that fails to load is the page's to report, when it renders.
const routeLoaded = routerLoading
  ?.then(({ preloadRoute }) => preloadRoute(window.location.pathname, store.getState().auth))
  .catch(() => undefined);
await nextTask();

const [{ App }, { preloadRoute }, { hydrationStarts }, { onFirstToast }] = await Promise.all([
  import('./app/app'),
  import('./app/router'),
  import('./lib/hydration.hook'),
  import('./lib/toast'),
]);
// The toaster comes with the first toast (lib/toast.ts), in a root of its own so that a server-rendered
// page hydrates exactly the markup the server sent.
onFirstToast(() => {
  void import('./components/ui/app-toaster').then(({ default: AppToaster }) =>
    createRoot(document.body.appendChild(document.createElement('div'))).render(<AppToaster />),
  );
});
await nextTask();

const container = document.getElementById('root')!;
if (serverState) {
  // With the page's chunk in hand, hydration is one pass: nothing suspends and nothing is drawn twice.
  await preloadRoute(window.location.pathname, store.getState().auth);
  await nextTask();
  hydrationStarts();
  startTransition(() => {
    hydrateRoot(container, <App store={store} />);
  });
} else {
  createRoot(container).render(<App store={store} />);
}
// The toaster is still mounted by the first toast, but its code is fetched now, after the page's own:
// an error toast ("cannot reach the shop") must show when the server no longer answers.
await routeLoaded;
await nextTask();
// Both: lib/toast.ts reaches sonner through a chunk of its own.
void import('./components/ui/app-toaster');
void import('sonner');
