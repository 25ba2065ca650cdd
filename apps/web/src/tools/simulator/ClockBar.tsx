import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, Space, Tooltip, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import type { SimEnvironmentName } from '@lab/core/simulator';
import { fillMessage, useMessages } from '@/lib/i18n';
import { formatUtc, simulatedNow } from './format';
import { durationProblem } from './duration';
import { messages } from './messages';
import { simulatorQueries } from './simulatorApi';
import { useAdvance, useResetClock, type ClockMove } from './useAdvance';

/** The clock's now, moving at its factor between reads (redrawn every real second). */
function useTickingNow(environment: SimEnvironmentName): { now?: number; factor?: number; error?: string } {
  const clock = useQuery(simulatorQueries.clock(environment));
  const [realNow, setRealNow] = useState(() => Date.now());
  const factor = clock.data?.factor;
  useEffect(() => {
    if (!factor) return;
    const timer = setInterval(() => setRealNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [factor]);
  if (!clock.data) return { error: clock.error?.message };
  return {
    now: simulatedNow(clock.data.now, clock.dataUpdatedAt, clock.data.factor, Math.max(realNow, Date.now())),
    factor: clock.data.factor,
  };
}

/** The environment's simulated clock: its now, +1 h, +1 d, back to real time and a free ISO-8601 duration. */
export function ClockBar({ environment }: { environment: SimEnvironmentName }) {
  const m = useMessages(messages);
  const { now, factor, error } = useTickingNow(environment);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  const sent = useRef<ClockMove>(undefined);
  const reset = useResetClock(environment);
  // A refusal of what the field sent is shown under the field too, exactly as the server says it.
  const advance = useAdvance(
    environment,
    (err, move) => 'advance' in move && move === sent.current && setProblem(err.message),
  );

  const submit = () => {
    const bad = durationProblem(m, text);
    setProblem(bad);
    if (bad) return;
    sent.current = { advance: text.trim() };
    advance.mutate(sent.current);
  };

  return (
    <Flex gap={12} wrap align="start" data-testid="clock-bar">
      <Space align="center" style={{ minHeight: 32 }}>
        <ClockCircleOutlined />
        <Typography.Text strong>{m.simulatedNow}</Typography.Text>
        <Typography.Text code data-testid="clock-now" style={{ fontSize: 15 }}>
          {now === undefined ? '…' : formatUtc(now)}
        </Typography.Text>
        {factor !== undefined && (
          <Typography.Text type="secondary" data-testid="clock-factor">
            {fillMessage(m.factor, { factor })}
          </Typography.Text>
        )}
      </Space>
      <Space align="center" style={{ minHeight: 32 }}>
        <Button onClick={() => advance.mutate({ advance: 'PT1H' })} disabled={advance.isPending}>
          {m.plusHour}
        </Button>
        <Button onClick={() => advance.mutate({ advance: 'P1D' })} disabled={advance.isPending}>
          {m.plusDay}
        </Button>
        <Tooltip title={m.resetClockHint}>
          <Button onClick={() => reset.mutate()} loading={reset.isPending} disabled={advance.isPending}>
            {m.resetClock}
          </Button>
        </Tooltip>
      </Space>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Space align="center" style={{ minHeight: 32 }}>
          <Typography.Text>{m.duration}</Typography.Text>
          <Input
            aria-label="duration"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'duration-problem' : undefined}
            placeholder="P2DT6H"
            status={problem ? 'error' : undefined}
            style={{ width: 160 }}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setProblem(undefined);
            }}
          />
          <Button htmlType="submit" type="primary" loading={advance.isPending}>
            {m.advance}
          </Button>
        </Space>
      </form>
      {problem && (
        <Typography.Text type="danger" id="duration-problem" role="alert" style={{ flexBasis: '100%' }}>
          {problem}
        </Typography.Text>
      )}
      {error && <Alert type="error" showIcon title={error} style={{ flexBasis: '100%' }} />}
    </Flex>
  );
}
