import { STATUS_CODES } from 'node:http';
import type { TrafficEntry } from '@lab/core/contract';
import { serverVersion } from '../../version.js';

/** HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/): what Chrome, Postman and Insomnia import. */
export interface Har {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    pages: [];
    entries: HarEntry[];
  };
}

interface NameValue {
  name: string;
  value: string;
}

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: NameValue[];
    headers: NameValue[];
    queryString: NameValue[];
    postData?: { mimeType: string; text: string };
    headersSize: number;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: NameValue[];
    headers: NameValue[];
    content: { size: number; mimeType: string; text: string };
    redirectURL: string;
    headersSize: number;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { blocked: number; dns: number; connect: number; send: number; wait: number; receive: number; ssl: number };
  /** Custom fields (HAR allows `_`-prefixed ones): where the entry came from and what was found. */
  _source: string;
  _endpointId: string | null;
  _fault: string | null;
  _conformance: TrafficEntry['conformance'];
}

const pairs = (headers: Record<string, string>): NameValue[] =>
  Object.entries(headers).map(([name, value]) => ({ name, value }));

function queryOf(url: URL): NameValue[] {
  return [...url.searchParams.entries()].map(([name, value]) => ({ name, value }));
}

/** The traffic log as a HAR 1.2 document, oldest entry first; sim paths made absolute on `origin`. */
export function toHar(entries: readonly TrafficEntry[], origin: string): Har {
  return {
    log: {
      version: '1.2',
      creator: { name: 'Shipping Lab', version: serverVersion },
      pages: [],
      entries: [...entries].reverse().map((e): HarEntry => {
        const url = new URL(e.url, origin);
        const requestType = e.request.headers['content-type'] ?? '';
        const responseType = e.response.headers['content-type'] ?? '';
        return {
          startedDateTime: e.startedAt,
          time: e.durationMs,
          request: {
            method: e.method,
            url: url.href,
            httpVersion: 'HTTP/1.1',
            cookies: [],
            headers: pairs(e.request.headers),
            queryString: queryOf(url),
            ...(e.request.body !== '' || e.method === 'POST' || e.method === 'PUT'
              ? { postData: { mimeType: requestType, text: e.request.body } }
              : {}),
            headersSize: -1,
            bodySize: e.request.size,
          },
          response: {
            status: e.status,
            statusText: e.status === 0 ? '' : (STATUS_CODES[e.status] ?? ''),
            httpVersion: 'HTTP/1.1',
            cookies: [],
            headers: pairs(e.response.headers),
            content: { size: e.response.size, mimeType: responseType, text: e.response.body },
            redirectURL: '',
            headersSize: -1,
            bodySize: e.status === 0 ? -1 : e.response.size,
          },
          cache: {},
          timings: { blocked: -1, dns: -1, connect: -1, send: 0, wait: e.durationMs, receive: 0, ssl: -1 },
          _source: e.source,
          _endpointId: e.endpointId,
          _fault: e.fault,
          _conformance: e.conformance,
        };
      }),
    },
  };
}
