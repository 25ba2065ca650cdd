import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { fakeServer } from '@/test/fakeServer';
import { SchemaDialog } from './SchemaDialog';

const envelope = { type: 'object', properties: { trackingNumber: { type: 'string' } } };

describe('the webhook schema dialog', () => {
  it.each([
    [
      'en' as const,
      "Only the envelope schema is loaded: the payload schemas come from the carrier's tracking documents. Import them with:",
    ],
    ['zh' as const, '只加载了信封 schema：载荷的 schema 来自承运商的 tracking 文档。请用以下命令导入：'],
  ])('says which command imports the payload schemas while only the envelope is there (%s)', async (lang, text) => {
    fakeServer({ 'GET /webhooks/schemas': () => ({ body: { Envelope: envelope } }) });
    renderWithProviders(<SchemaDialog open onClose={() => {}} />, { lang });
    const notice = await screen.findByTestId('webhook-schemas-import-hint');
    expect(notice).toHaveTextContent(text);
    expect(notice).toHaveTextContent('lab import carrier-openapi <file.json|.yaml|dir>…');
  });

  it('says nothing of imports once the tracking documents brought their schemas', async () => {
    fakeServer({ 'GET /webhooks/schemas': () => ({ body: { Envelope: envelope, TrackingNumbers: envelope } }) });
    renderWithProviders(<SchemaDialog open onClose={() => {}} />);
    expect(await screen.findByRole('menuitem', { name: 'TrackingNumbers' })).toBeInTheDocument();
    expect(screen.queryByTestId('webhook-schemas-import-hint')).not.toBeInTheDocument();
  });
});
