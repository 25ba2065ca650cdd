import { Tag } from 'antd';

const METHOD_COLORS: Record<string, string> = {
  GET: 'blue',
  POST: 'green',
  PUT: 'orange',
  DELETE: 'red',
  PATCH: 'purple',
};

/** An operation's HTTP method as a coloured tag. */
export function MethodTag({ method }: { method: string }) {
  return (
    <Tag color={METHOD_COLORS[method] ?? 'default'} style={{ fontFamily: 'monospace', marginInlineEnd: 6 }}>
      {method}
    </Tag>
  );
}
