import { useCallback, useEffect, useRef, useState } from 'react';
import { secureStorage } from '@/lib/secureStorage';
import { blankState, CREDENTIALS_KEY, normalizeState, type CredentialState } from './credentials';

/**
 * The slots, read once from secureStorage (unreadable → blank) and saved encrypted on every change.
 * `loaded` is false until the first read has finished (nothing is saved before that).
 */
export function useCredentials() {
  const [state, setState] = useState<CredentialState>(blankState);
  const [loaded, setLoaded] = useState(false);
  const latest = useRef(state);

  useEffect(() => {
    let live = true;
    secureStorage
      .get<unknown>(CREDENTIALS_KEY)
      .catch(() => undefined)
      .then((stored) => {
        if (!live) return;
        const s = normalizeState(stored);
        latest.current = s;
        setState(s);
        setLoaded(true);
      });
    return () => {
      live = false;
    };
  }, []);

  const save = useCallback((next: CredentialState | ((prev: CredentialState) => CredentialState)) => {
    const value = typeof next === 'function' ? next(latest.current) : next;
    latest.current = value;
    setState(value);
    return secureStorage.set(CREDENTIALS_KEY, value).catch(() => undefined);
  }, []);

  return { state, loaded, save, latest };
}
