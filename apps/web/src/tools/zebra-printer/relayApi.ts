import { queryOptions } from '@tanstack/react-query';
import type { PrintJobCreate, PrintLogCreate } from '@lab/core/contract';
import { apiCall, apiUrl } from '@/lib/api';
import { dateTimeIn } from '@/lib/dateTime';

/** The remote-print relay's reads: their query keys live here and nowhere else. */
export const relayQueries = {
  config: queryOptions({
    queryKey: ['print-relay-config'],
    queryFn: () => apiCall('printRelay.config'),
    staleTime: Infinity,
  }),
  /** The newest rows of a listen id's log (realtime events refresh it). */
  history: (listenId: string) =>
    queryOptions({
      queryKey: ['print-relay-history', listenId],
      queryFn: () => apiCall('printRelay.history', { params: { listenId } }),
    }),
  /** The receivers connected now and the newest jobs: pending, delivered, printed, failed (realtime events refresh it). */
  jobs: (listenId: string) =>
    queryOptions({
      queryKey: ['print-relay-jobs', listenId],
      queryFn: () => apiCall('printRelay.jobs', { params: { listenId } }),
    }),
};

/** A receiver's event stream: counted while open, pending jobs first (Server-Sent Events). */
export const receiverStreamUrl = (listenId: string, nodeId: string) =>
  apiUrl(`/print-relay/${encodeURIComponent(listenId)}/receive?nodeId=${encodeURIComponent(nodeId)}`);

export const issueListenId = () => apiCall('printRelay.issueListenId');

export const sendPrintJob = (listenId: string, body: PrintJobCreate) =>
  apiCall('printRelay.sendJob', { params: { listenId }, body });

export const fetchPrintJob = (listenId: string, taskId: string) =>
  apiCall('printRelay.job', { params: { listenId, taskId } });

export const logPrintResult = (listenId: string, body: PrintLogCreate) =>
  apiCall('printRelay.logResult', { params: { listenId }, body });

/** History times are shown in UTC: `YYYY-MM-DD HH:mm:ss`. */
export const formatUtc = dateTimeIn('UTC');
