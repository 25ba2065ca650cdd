import { useCallback, useEffect, useRef, useState } from 'react';
import { afterWriteFailure, checkPrinter, defaultAgentUrl, NOT_READY, type PrinterState } from './agent';

export const AGENT_URL_STORAGE_KEY = 'zebraPrinter.agentUrl';

function savedAgentUrl(): string {
  try {
    const saved = localStorage.getItem(AGENT_URL_STORAGE_KEY);
    if (saved) return saved;
  } catch {
    // storage disabled
  }
  return defaultAgentUrl(window.location.protocol);
}

/** The agent base URL (kept per browser) and the default printer's readiness. */
export function usePrinter() {
  const [agentUrl, setAgentUrlState] = useState(savedAgentUrl);
  const [state, setState] = useState<PrinterState>({ readiness: NOT_READY, device: null, error: null });
  const [checking, setChecking] = useState(false);
  const latest = useRef(state);
  latest.current = state;
  const run = useRef(0);

  const setAgentUrl = useCallback((url: string) => {
    setAgentUrlState(url);
    try {
      localStorage.setItem(AGENT_URL_STORAGE_KEY, url);
    } catch {
      // storage disabled: the URL lasts for this page
    }
  }, []);

  const check = useCallback(async (url: string) => {
    const mine = ++run.current;
    setChecking(true);
    const next = await checkPrinter(url);
    if (mine !== run.current) return latest.current;
    setState(next);
    setChecking(false);
    return next;
  }, []);

  useEffect(() => {
    const t = setTimeout(() => void check(agentUrl), 300);
    return () => clearTimeout(t);
  }, [agentUrl, check]);

  const markFailed = useCallback((err: unknown) => setState((s) => afterWriteFailure(s, err)), []);
  const markAvailable = useCallback(
    () => setState((s) => ({ ...s, readiness: { ...s.readiness, available: true }, error: null })),
    [],
  );

  return {
    agentUrl,
    setAgentUrl,
    state,
    /** The newest state, for callbacks that outlive a render (the receiver's job handler). */
    latest,
    checking,
    check: () => check(agentUrl),
    markFailed,
    markAvailable,
  };
}

export type Printer = ReturnType<typeof usePrinter>;
