import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { stubEventSource } from '@/test/fakeEventSource';
import { useRealtime } from './realtime';

function Probe({ topics, seen }: { topics: string[]; seen: unknown[] }) {
  const { connected } = useRealtime(topics, (topic, data) => seen.push([topic, data]));
  return <p>{connected ? 'live' : 'offline'}</p>;
}

afterEach(() => vi.unstubAllGlobals());

describe('useRealtime', () => {
  it('opens one stream for the topics, reports connection, delivers parsed events and closes on unmount', () => {
    const streams = stubEventSource({ openAtOnce: false });
    const seen: unknown[] = [];
    const view = render(<Probe topics={['webhooks/b', 'webhooks/a']} seen={seen} />);
    const source = streams[0]!;
    expect(streams).toHaveLength(1);
    expect(source.url).toBe('/lab/api/realtime?topics=webhooks%2Fa%2Cwebhooks%2Fb');
    expect(screen.getByText('offline')).toBeInTheDocument();
    act(() => source.open());
    expect(screen.getByText('live')).toBeInTheDocument();
    act(() => {
      source.emit('webhooks/a', { id: 3 });
      source.send('not json');
    });
    expect(seen).toEqual([['webhooks/a', { id: 3 }]]);
    view.unmount();
    expect(source.closed).toBe(true);
  });

  it('keeps the same stream when only the order of topics changes, and reopens for new topics', () => {
    const streams = stubEventSource({ openAtOnce: false });
    const seen: unknown[] = [];
    const view = render(<Probe topics={['a', 'b']} seen={seen} />);
    view.rerender(<Probe topics={['b', 'a']} seen={seen} />);
    expect(streams).toHaveLength(1);
    view.rerender(<Probe topics={['c']} seen={seen} />);
    expect(streams).toHaveLength(2);
    expect(streams[0]!.closed).toBe(true);
  });

  it('opens no stream without topics, nor without EventSource', () => {
    const streams = stubEventSource({ openAtOnce: false });
    const view = render(<Probe topics={[]} seen={[]} />);
    expect(streams).toHaveLength(0);
    vi.stubGlobal('EventSource', undefined);
    view.rerender(<Probe topics={['a']} seen={[]} />);
    expect(streams).toHaveLength(0);
    expect(screen.getByText('offline')).toBeInTheDocument();
  });
});
