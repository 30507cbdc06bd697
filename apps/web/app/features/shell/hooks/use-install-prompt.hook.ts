import { useSyncExternalStore } from 'react';

/** Chromium's install prompt event (not in the DOM typings). */
export type InstallPromptEvent = Event & {
  prompt: () => Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

let deferred: InstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

// Listening from the moment the bundle runs: the browser may fire the event
// before React has hydrated, and it does not fire it twice.
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keeps the browser's own mini-infobar away; the banner offers the prompt instead.
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    installed = true;
    deferred = null;
    notify();
  });
}

type Snapshot = { event: InstallPromptEvent | null; installed: boolean };
let snapshot: Snapshot = { event: null, installed: false };
const read = (): Snapshot => {
  if (snapshot.event !== deferred || snapshot.installed !== installed) snapshot = { event: deferred, installed };
  return snapshot;
};
const SERVER_SNAPSHOT: Snapshot = { event: null, installed: false };

/**
 * The browser's pending install prompt, if it offered one, and whether the
 * app was installed during this visit. `promptInstall` shows the prompt; it
 * can be used once, so the event is forgotten afterwards.
 */
export function useInstallPrompt() {
  const state = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => SERVER_SNAPSHOT,
  );
  const promptInstall = async () => {
    const event = deferred;
    if (!event) return;
    deferred = null;
    notify();
    await event.prompt();
    const choice = await event.userChoice.catch(() => null);
    if (choice?.outcome === 'accepted') {
      installed = true;
      notify();
    }
  };
  return { canPrompt: state.event !== null, installed: state.installed, promptInstall };
}
