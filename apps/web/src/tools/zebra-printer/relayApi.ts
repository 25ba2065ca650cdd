import { queryOptions } from '@tanstack/react-query';
import type {
  PrintHistory,
  PrintJob,
  PrintJobCreate,
  PrintListenIdReply,
  PrintLogCreate,
  PrintLogRow,
  PrintRelayConfig,
} from '@lab/core/contract';
import { apiFetch } from '@/lib/api';

/** The remote-print relay's reads: their query keys live here and nowhere else. */
export const relayQueries = {
  config: queryOptions({
    queryKey: ['print-relay-config'],
    queryFn: () => apiFetch<PrintRelayConfig>('/print-relay/config'),
    staleTime: Infinity,
  }),
  /** The newest rows of a listen id's log (realtime events refresh it). */
  history: (listenId: string) =>
    queryOptions({
      queryKey: ['print-relay-history', listenId],
      queryFn: () => apiFetch<PrintHistory>(`/print-relay/${listenId}/history`),
    }),
};

export const issueListenId = () => apiFetch<PrintListenIdReply>('/print-relay/listen-ids', { method: 'POST' });

export const sendPrintJob = (listenId: string, body: PrintJobCreate) =>
  apiFetch<PrintJob>(`/print-relay/${listenId}/jobs`, { method: 'POST', json: body });

export const fetchPrintJob = (listenId: string, taskId: string) =>
  apiFetch<PrintJob>(`/print-relay/${listenId}/jobs/${taskId}`);

export const logPrintResult = (listenId: string, body: PrintLogCreate) =>
  apiFetch<PrintLogRow>(`/print-relay/${listenId}/logs`, { method: 'POST', json: body });

const utc = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'UTC',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** History times are shown in UTC: `YYYY-MM-DD HH:mm:ss`. */
export function formatUtc(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : utc.format(d);
}
