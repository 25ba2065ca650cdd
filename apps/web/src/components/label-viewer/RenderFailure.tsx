import { Alert, Typography } from 'antd';
import { fillMessage, useMessages } from '@/lib/i18n';
import { messages } from './messages';

/** What the label service says about a label its engine fails on (`code: label-not-rendered`). */
interface NotRendered {
  detail: string;
  lastCommand?: { name: string; text: string; line: number; column: number };
}

function notRenderedOf(error: unknown): NotRendered | undefined {
  const body = (error as { body?: unknown } | undefined)?.body as Record<string, unknown> | undefined;
  if (!body || body.code !== 'label-not-rendered' || typeof body.detail !== 'string') return undefined;
  return body as unknown as NotRendered;
}

/**
 * A failed render or check: a label the engine fails on in the reader's language (the last command
 * it read, the engine's own words below as detail), anything else as the service said it.
 */
export function RenderFailure({ error, prefix }: { error: string | Error; prefix?: string }) {
  const m = useMessages(messages);
  const poison = typeof error === 'string' ? undefined : notRenderedOf(error);
  const text = typeof error === 'string' ? error : error.message;
  if (!poison) {
    const title = prefix ? fillMessage(prefix, { message: text }) : text;
    return <Alert type="error" showIcon title={title} data-testid="label-error" />;
  }
  const at = poison.lastCommand;
  const said = at ? fillMessage(m.notRenderedAt, { ...at }) : m.notRendered;
  return (
    <Alert
      type="error"
      showIcon
      data-testid="label-error"
      title={prefix ? fillMessage(prefix, { message: said }) : said}
      description={
        <Typography.Text type="secondary" data-testid="label-error-detail">
          {fillMessage(m.engineSaid, { detail: poison.detail })}
        </Typography.Text>
      }
    />
  );
}
