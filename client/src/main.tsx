import { nextTask } from './lib/next-task';

// Start-up comes in steps, each a task of its own, so that none is long enough to hold back a tap on a
// phone: the framework and the API client are evaluated first, then the store takes the server's
// answers, then the app's own modules are evaluated, then the page's chunk is loaded, and only then
// does hydration start, as a transition that yields every few milliseconds.
const [{ createStore }, { readServerState, serverStateLoaded }, { createRoot, hydrateRoot }, { startTransition }] =
  await Promise.all([import('./app/store'), import('./lib/api'), import('react-dom/client'), import('react')]);
await nextTask();

const store = createStore();
const serverState = readServerState(document);
if (serverState) store.dispatch(serverStateLoaded(serverState));
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
  await preloadRoute(window.location.pathname);
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
await nextTask();
// Both: lib/toast.ts reaches sonner through a chunk of its own.
void import('./components/ui/app-toaster');
void import('sonner');
