import { useCallback, useEffect, useState } from 'react';
import { secureStorage } from '@/lib/secureStorage';
import { STRATUS_TOKEN_SECONDS } from './stratusApi';

/** Where the credentials are saved, encrypted (secureStorage). */
export const STRATUS_CREDENTIALS_KEY = 'stratus_api_credentials';

export interface StratusCredentials {
  clientKey: string;
  clientSecret: string;
  apiKey: string;
  isVerifiedClientKeySecret: boolean;
  isVerifiedApiKey: boolean;
  accessToken: string;
  /** Epoch ms when the token expires (0: no token). */
  accessTokenExpireTimestamp: number;
  accessTokenExpireSeconds: number;
}

export const BLANK_CREDENTIALS: StratusCredentials = {
  clientKey: '',
  clientSecret: '',
  apiKey: '',
  isVerifiedClientKeySecret: false,
  isVerifiedApiKey: false,
  accessToken: '',
  accessTokenExpireTimestamp: 0,
  accessTokenExpireSeconds: STRATUS_TOKEN_SECONDS,
};

export type CredentialField = 'clientKey' | 'clientSecret' | 'apiKey';

/** An edit in the dialog: the key or secret clears the pair's flag (and its token), the api key its own. */
export function editCredential(c: StratusCredentials, field: CredentialField, value: string): StratusCredentials {
  if (c[field] === value) return c;
  if (field === 'apiKey') return { ...c, apiKey: value, isVerifiedApiKey: false };
  return { ...c, [field]: value, isVerifiedClientKeySecret: false, accessToken: '', accessTokenExpireTimestamp: 0 };
}

/** A new token verifies the pair. */
export function withToken(
  c: StratusCredentials,
  accessToken: string,
  seconds: number,
  now: number,
): StratusCredentials {
  return {
    ...c,
    accessToken,
    isVerifiedClientKeySecret: true,
    accessTokenExpireSeconds: seconds,
    accessTokenExpireTimestamp: now + seconds * 1000,
  };
}

export const tokenValid = (c: StratusCredentials, now: number) =>
  c.accessToken !== '' && c.accessTokenExpireTimestamp > now;

/** Both the key pair and the api key are verified. */
export const isVerified = (c: StratusCredentials) => c.isVerifiedClientKeySecret && c.isVerifiedApiKey;

/** Stored credentials, which count as verified (both flags) once loaded. */
export async function loadCredentials(): Promise<StratusCredentials | undefined> {
  const stored = await secureStorage.get<Partial<StratusCredentials>>(STRATUS_CREDENTIALS_KEY);
  if (!stored || typeof stored !== 'object') return undefined;
  return { ...BLANK_CREDENTIALS, ...stored, isVerifiedClientKeySecret: true, isVerifiedApiKey: true };
}

export function saveCredentials(c: StratusCredentials): Promise<void> {
  return secureStorage.set(STRATUS_CREDENTIALS_KEY, c);
}

/** The screen's credentials: loaded from storage once, then kept in state. */
export function useStratusCredentials() {
  const [credentials, setCredentials] = useState<StratusCredentials>(BLANK_CREDENTIALS);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let alive = true;
    void loadCredentials().then((c) => {
      if (!alive) return;
      if (c) setCredentials(c);
      setLoaded(true);
    });
    return () => {
      alive = false;
    };
  }, []);
  const update = useCallback((f: (c: StratusCredentials) => StratusCredentials) => setCredentials(f), []);
  return { credentials, setCredentials, update, loaded };
}
