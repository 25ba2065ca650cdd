import type { CarrierEnvironment } from '@lab/core/carrier';
import type { ActiveCredential } from './shared/types';

/**
 * The four credential slots (`No.1`–`No.4`), saved encrypted with secureStorage under
 * `fapi_credentials`, and the rules the header and the dialog follow.
 */
export const CREDENTIALS_KEY = 'fapi_credentials';
export const SLOT_NAMES = ['No.1', 'No.2', 'No.3', 'No.4'] as const;
export const COMMENTS_MAX = 10;
/** The carrier's token lifetime (s) when it does not say. */
export const TOKEN_LIFETIME_S = 3600;

export interface CredentialSlot {
  name: string;
  comments: string;
  isProduction: boolean;
  clientId: string;
  clientSecret: string;
  token: string;
  /** Epoch ms; 0 = no token. */
  tokenExpireTimestamp: number;
  isLocked: boolean;
}

export interface CredentialState {
  slots: CredentialSlot[];
  /** The active slot's name, or '' when none is. */
  activeId: string;
}

export function blankSlot(name: string): CredentialSlot {
  return {
    name,
    comments: '',
    isProduction: false,
    clientId: '',
    clientSecret: '',
    token: '',
    tokenExpireTimestamp: 0,
    isLocked: false,
  };
}

export function blankState(): CredentialState {
  return { slots: SLOT_NAMES.map(blankSlot), activeId: '' };
}

const str = (v: unknown, max = 1000) => (typeof v === 'string' ? v.slice(0, max) : '');

/** Whatever was stored, made into four well-formed slots (anything unreadable → blank). */
export function normalizeState(stored: unknown): CredentialState {
  const state = blankState();
  if (!stored || typeof stored !== 'object') return state;
  const s = stored as { slots?: unknown; activeId?: unknown };
  if (Array.isArray(s.slots)) {
    state.slots = SLOT_NAMES.map((name) => {
      const raw = (s.slots as unknown[]).find(
        (x): x is Record<string, unknown> => !!x && typeof x === 'object' && (x as { name?: unknown }).name === name,
      );
      if (!raw) return blankSlot(name);
      return {
        name,
        comments: str(raw.comments, COMMENTS_MAX),
        isProduction: raw.isProduction === true,
        clientId: str(raw.clientId),
        clientSecret: str(raw.clientSecret),
        token: str(raw.token, 10_000),
        tokenExpireTimestamp: typeof raw.tokenExpireTimestamp === 'number' ? raw.tokenExpireTimestamp : 0,
        isLocked: raw.isLocked === true,
      };
    });
  }
  const active = typeof s.activeId === 'string' ? s.activeId : '';
  state.activeId = state.slots.some((x) => x.name === active && x.isLocked) ? active : '';
  return state;
}

export type CredentialButton = {
  text: 'Credential Required' | 'Production' | 'Sandbox';
  kind: 'danger' | 'success' | 'warning';
};

/**
 * `Credential Required` when no active slot has a client id; else the active slot's flag. Keys typed
 * into a slot that is not applied (or left in another slot after the active one is reset) do not
 * count: the button and the tag always speak of the same slot (issue 31).
 */
export function credentialButton(state: CredentialState): CredentialButton {
  const slot = activeSlot(state);
  if (!slot) return { text: 'Credential Required', kind: 'danger' };
  return slot.isProduction ? { text: 'Production', kind: 'success' } : { text: 'Sandbox', kind: 'warning' };
}

export function activeSlot(state: CredentialState): CredentialSlot | undefined {
  const slot = state.slots.find((s) => s.name === state.activeId);
  return slot && slot.isLocked && slot.clientId ? slot : undefined;
}

export function slotEnv(slot: CredentialSlot): CarrierEnvironment {
  return slot.isProduction ? 'production' : 'sandbox';
}

/** True when the slot holds a token that is still valid at `now`. */
export function hasValidToken(slot: CredentialSlot, now: number): boolean {
  return slot.token !== '' && slot.tokenExpireTimestamp > now;
}

/** The credential a call uses: the active, locked slot with a token (expired or not: the call refreshes it). */
export function activeCredential(state: CredentialState): ActiveCredential | undefined {
  const slot = activeSlot(state);
  if (!slot || !slot.token) return undefined;
  return { env: slotEnv(slot), accessToken: slot.token, label: slot.comments || slot.name };
}

/** A slot after a successful Apply: token kept, locked, and the state's active slot. */
export function applySlot(
  state: CredentialState,
  name: string,
  token: { accessToken: string; expiresAt: number } | undefined,
): CredentialState {
  return {
    activeId: name,
    slots: state.slots.map((s) =>
      s.name === name
        ? {
            ...s,
            token: token ? token.accessToken : s.token,
            tokenExpireTimestamp: token ? token.expiresAt : s.tokenExpireTimestamp,
            isLocked: true,
          }
        : s,
    ),
  };
}

export function resetSlot(state: CredentialState, name: string): CredentialState {
  return {
    activeId: state.activeId === name ? '' : state.activeId,
    slots: state.slots.map((s) => (s.name === name ? blankSlot(name) : s)),
  };
}

/** Edits a slot's fields; a locked slot keeps its switch and keys (only its comments change). */
export function updateSlot(
  state: CredentialState,
  name: string,
  patch: Partial<Pick<CredentialSlot, 'comments' | 'isProduction' | 'clientId' | 'clientSecret'>>,
): CredentialState {
  return {
    ...state,
    slots: state.slots.map((s) => {
      if (s.name !== name) return s;
      const allowed = s.isLocked ? { comments: patch.comments ?? s.comments } : patch;
      const next = { ...s, ...allowed };
      next.comments = next.comments.slice(0, COMMENTS_MAX);
      return next;
    }),
  };
}
