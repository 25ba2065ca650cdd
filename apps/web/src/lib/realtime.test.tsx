import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useRealtime } from './realtime';

/** A stand-in for the browser's EventSource (jsdom has none) that records what the hook does. */
class FakeEventSource {
  static readonly OPEN = 1;
  static instances: FakeEventSource[] = [];
  readyState = 0;
  closed = false;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((ev: MessageEvent<string>) => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  emit(data: string) {
    this.onmessage?.(new MessageEvent('message', { data }));
  }
  close() {
    this.closed = true;
  }
}

function Probe({ topics, seen }: { topics: string[]; seen: unknown[] }) {
  const { connected } = useRealtime(topics, (topic, data) => seen.push([topic, data]));
  return <p>{connected ? 'live' : 'offline'}</p>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeEventSource.instances = [];
});

describe('useRealtime', () => {
  it('opens one stream for the topics, reports connection, delivers parsed events and closes on unmount', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const seen: unknown[] = [];
    const view = render(<Probe topics={['webhooks/b', 'webhooks/a']} seen={seen} />);
    const source = FakeEventSource.instances[0]!;
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(source.url).toBe('/lab/api/realtime?topics=webhooks%2Fa%2Cwebhooks%2Fb');
    expect(screen.getByText('offline')).toBeInTheDocument();
    act(() => source.open());
    expect(screen.getByText('live')).toBeInTheDocument();
    act(() => {
      source.emit(JSON.stringify({ topic: 'webhooks/a', data: { id: 3 } }));
      source.emit('not json');
    });
    expect(seen).toEqual([['webhooks/a', { id: 3 }]]);
    view.unmount();
    expect(source.closed).toBe(true);
  });

  it('keeps the same stream when only the order of topics changes, and reopens for new topics', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const seen: unknown[] = [];
    const view = render(<Probe topics={['a', 'b']} seen={seen} />);
    view.rerender(<Probe topics={['b', 'a']} seen={seen} />);
    expect(FakeEventSource.instances).toHaveLength(1);
    view.rerender(<Probe topics={['c']} seen={seen} />);
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.instances[0]!.closed).toBe(true);
  });
});
