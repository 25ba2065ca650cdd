import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildSchemaTree } from '@lab/core/schema-tree';
import { renderWithProviders } from '@/test/render';
import { SchemaView, SchemaViewControls, useSchemaViewState } from './index';
import { firstSentence, sanitizeDescription } from './description';

/** A small OpenAPI-like document: 5 levels deep, HTML descriptions, an enum, lengths, a recursive schema. */
const doc = {
  components: {
    schemas: {
      Ship: {
        type: 'object',
        required: ['requestedShipment'],
        properties: {
          requestedShipment: {
            description: 'The shipment. It has many parts.',
            type: 'object',
            properties: {
              shipper: { $ref: '#/components/schemas/Party' },
              serviceType: {
                type: 'string',
                enum: ['PRIORITY_OVERNIGHT', 'FEDEX_GROUND'],
                description:
                  'Service type.<br><a onclick=\'loadDocReference("servicetypes")\'>click here to see Service Types</a>',
              },
            },
          },
          labelResponseOptions: {
            type: 'string',
            description: 'Evil <img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>text',
          },
          node: { $ref: '#/components/schemas/Node' },
        },
      },
      Party: {
        type: 'object',
        properties: {
          address: {
            type: 'object',
            properties: {
              postalCode: {
                type: 'string',
                minLength: 1,
                maxLength: 10,
                example: '38127',
                description: 'The postal code. Required for postal-aware countries.',
              },
              contact: {
                type: 'object',
                properties: { deep: { type: 'object', properties: { deeper: { type: 'string' } } } },
              },
            },
          },
          onclickField: { type: 'string', description: '<a href="#" onclick="window.__pwned=3">click</a> me' },
        },
      },
      Node: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
        },
      },
    },
  },
};
const tree = buildSchemaTree({ $ref: '#/components/schemas/Ship' }, doc);

function Harness({
  onDocReference,
  initialSelected,
}: {
  onDocReference?: (name: string) => void;
  /** A deep link's field. */
  initialSelected?: string;
}) {
  const settings = useSchemaViewState(initialSelected);
  return (
    <>
      <SchemaViewControls {...settings.controls} />
      <SchemaView tree={tree} {...settings.view} onDocReference={onDocReference} label="request" />
      <output data-testid="selected">{settings.view.selected ?? ''}</output>
    </>
  );
}

/** The Harness as a table at level 4, and the postal code's row. */
function tableRowOfPostalCode(): HTMLElement {
  renderWithProviders(<Harness />);
  fireEvent.click(screen.getByRole('radio', { name: 'Table' }));
  fireEvent.click(screen.getByRole('radio', { name: '4' }));
  return screen.getAllByRole('row').find((el) => el.dataset.path === 'requestedShipment.shipper.address.postalCode')!;
}

const shownNames = () => screen.queryAllByRole('treeitem').map((el) => el.querySelector('.sv-name')?.textContent);

describe('SchemaView', () => {
  it('opens as many levels as the expand level says (default 2), and a caret opens one more', async () => {
    renderWithProviders(<Harness />);
    expect(shownNames()).toEqual([
      'requestedShipment',
      'shipper',
      'serviceType',
      'labelResponseOptions',
      'node',
      'name',
      'children',
    ]);
    fireEvent.click(screen.getByRole('radio', { name: '1' }));
    expect(shownNames()).toEqual(['requestedShipment', 'labelResponseOptions', 'node']);
    fireEvent.click(screen.getByRole('radio', { name: '5' }));
    expect(shownNames()).toEqual([
      'requestedShipment',
      'shipper',
      'address',
      'postalCode',
      'contact',
      'deep',
      'onclickField',
      'serviceType',
      'labelResponseOptions',
      'node',
      'name',
      'children',
    ]);
    fireEvent.click(screen.getByRole('radio', { name: '2' }));
    const shipper = screen.getAllByRole('treeitem').find((el) => el.dataset.path === 'requestedShipment.shipper')!;
    fireEvent.click(within(shipper).getByRole('button', { name: 'expand' }));
    expect(shownNames()).toContain('address');
    expect(shownNames()).not.toContain('postalCode');
  });

  it('shows a recursive schema as a link to the field already showing it', () => {
    renderWithProviders(<Harness />);
    const children = screen.getAllByRole('treeitem').find((el) => el.dataset.path === 'node.children')!;
    expect(within(children).getByText('array of object · Node')).toBeInTheDocument();
    fireEvent.click(within(children).getByRole('button', { name: 'recursive: see node' }));
    expect(screen.getByTestId('selected')).toHaveTextContent(/^node$/);
  });

  it('toggles between the first sentence and the full description', () => {
    renderWithProviders(<Harness />);
    const shipment = screen.getAllByRole('treeitem').find((el) => el.dataset.path === 'requestedShipment')!;
    expect(shipment.querySelector('.sv-desc')!.textContent).toBe('The shipment. …');
    fireEvent.click(screen.getByRole('checkbox', { name: 'show full description' }));
    expect(shipment.querySelector('.sv-desc')!.textContent).toBe('The shipment. It has many parts.');
  });

  it('sanitises descriptions: a <script> or an inline handler never runs; loadDocReference becomes an in-viewer link', async () => {
    const onDocReference = vi.fn();
    const w = window as unknown as { __pwned?: number };
    delete w.__pwned;
    renderWithProviders(<Harness onDocReference={onDocReference} />);
    fireEvent.click(screen.getByRole('radio', { name: '5' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'show full description' }));
    const html = document.querySelector('.sv-scroll')!.innerHTML;
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/\son(error|click)=/);
    const onclickField = screen
      .getAllByRole('treeitem')
      .find((el) => el.dataset.path === 'requestedShipment.shipper.onclickField')!;
    fireEvent.click(within(onclickField).getByText('click'));
    await new Promise((r) => setTimeout(r, 0));
    expect(w.__pwned).toBeUndefined();
    fireEvent.click(screen.getByText('click here to see Service Types'));
    expect(onDocReference).toHaveBeenCalledWith('servicetypes');
    expect(sanitizeDescription('<a onclick="alert(1)" href="javascript:alert(2)">x</a>')).toBe('<a>x</a>');
    expect(firstSentence('One. Two.')).toEqual({ text: 'One.', truncated: true });
    expect(firstSentence('Only one, e.g. this.')).toEqual({ text: 'Only one, e.g. this.', truncated: false });
  });

  it('searches names and descriptions, opens the parents of a match, jumps to it and copies its path', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<Harness />);
    expect(shownNames()).not.toContain('postalCode');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search fields by name or description' }), {
      target: { value: 'postalcode' },
    });
    expect(screen.getByText('1 / 1')).toBeInTheDocument();
    expect(screen.getByTestId('selected')).toHaveTextContent('requestedShipment.shipper.address.postalCode');
    const row = screen
      .getAllByRole('treeitem')
      .find((el) => el.dataset.path === 'requestedShipment.shipper.address.postalCode')!;
    expect(row).toHaveAttribute('aria-selected', 'true');
    expect(within(row).getByText('length 1–10')).toBeInTheDocument();
    expect(within(row).getByText('38127')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'copy path' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('requestedShipment.shipper.address.postalCode'));
    expect(await screen.findByText('Copied requestedShipment.shipper.address.postalCode')).toBeInTheDocument();

    fireEvent.change(screen.getByRole('textbox', { name: 'Search fields by name or description' }), {
      target: { value: 'postal-aware' },
    });
    expect(screen.getByText('1 / 1')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search fields by name or description' }), {
      target: { value: 'zzz' },
    });
    expect(screen.getByText('no match')).toBeInTheDocument();
  });

  it('shows the same fields as a table with paths, types, required, values, lengths, format and example', () => {
    const row = tableRowOfPostalCode();
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'requestedShipment.shipper.address.postalCode',
      'string',
      '',
      '',
      '1–10',
      '',
      '38127',
      'The postal code. …',
    ]);
    const service = screen.getAllByRole('row').find((el) => el.dataset.path === 'requestedShipment.serviceType')!;
    expect(within(service).getByText('PRIORITY_OVERNIGHT')).toBeInTheDocument();
    const top = screen.getAllByRole('row').find((el) => el.dataset.path === 'requestedShipment')!;
    expect(within(top).getAllByRole('cell')[2]).toHaveTextContent('yes');
  });

  it('a level chosen after a search or a deep link wins: level 1 closes what they opened (issue 31)', () => {
    const POSTAL = 'requestedShipment.shipper.address.postalCode';
    const { unmount } = renderWithProviders(<Harness />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Search fields by name or description' }), {
      target: { value: 'postalcode' },
    });
    expect(shownNames()).toContain('postalCode');
    fireEvent.click(screen.getByRole('radio', { name: '1' }));
    expect(shownNames()).toEqual(['requestedShipment', 'labelResponseOptions', 'node']);
    expect(screen.getByTestId('selected')).toHaveTextContent(POSTAL);
    fireEvent.click(screen.getByRole('radio', { name: '2' }));
    expect(shownNames()).not.toContain('address');
    unmount();

    renderWithProviders(<Harness initialSelected={POSTAL} />);
    expect(shownNames()).toContain('postalCode');
    fireEvent.click(screen.getByRole('radio', { name: '1' }));
    expect(shownNames()).toEqual(['requestedShipment', 'labelResponseOptions', 'node']);
  });

  it('shows whole paths in the table: the full path on hover, a Field column the user can widen (issue 31)', () => {
    const row = tableRowOfPostalCode();
    expect(row.querySelector('.sv-path')).toHaveAttribute('title', 'requestedShipment.shipper.address.postalCode');
    const scroll = screen.getByRole('table', { name: 'request' });
    const handle = screen.getByRole('separator', { name: 'resize the Field column' });
    const width = () => Number(handle.getAttribute('aria-valuenow'));
    const start = width();
    expect(scroll.style.getPropertyValue('--sv-field-width')).toBe(`${start}px`);
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(width()).toBe(start + 16);
    fireEvent.mouseDown(handle, { clientX: 300, button: 0 });
    fireEvent.mouseMove(document, { clientX: 420 });
    fireEvent.mouseUp(document, { clientX: 420 });
    expect(width()).toBe(start + 16 + 120);
    fireEvent.mouseMove(document, { clientX: 600 });
    expect(width()).toBe(start + 16 + 120);
    expect(scroll.style.getPropertyValue('--sv-field-width')).toBe(`${start + 136}px`);
    fireEvent.mouseDown(handle, { clientX: 300, button: 0 });
    fireEvent.mouseMove(document, { clientX: -2000 });
    fireEvent.mouseUp(document);
    expect(width()).toBe(160);
    fireEvent.doubleClick(handle);
    expect(width()).toBe(start);
  });

  it('never hands an inline handler or a javascript: URL to the HTML parser (no CSP report) (issue 31)', () => {
    const parse = vi.spyOn(DOMParser.prototype, 'parseFromString');
    const dirty = [
      `<a onclick='loadDocReference("countrycodes")'>click here to see Country Codes</a>`,
      `<a ONCLICK = "loadDocReference('locales')" title="x y">locales</a>`,
      '<img src=x onerror=alert(1)>',
      '<b onmouseover="x" class=a>bold</b>',
      `<p onload='a"b'>p</p>`,
      '<a href="javascript:alert(1)">js</a>',
      '<a href=" JaVaScRiPt:alert(2)">js2</a>',
      `<a href='jav&#x09;ascript:alert(3)'>js3</a>`,
      '<a href="https://example.com/doc">doc</a>',
    ].join(' ');
    try {
      const clean = sanitizeDescription(dirty);
      const seen = parse.mock.calls.map((c) => String(c[0])).join('\n');
      expect(seen).toContain('click here to see Country Codes');
      expect(seen).not.toMatch(/\son[a-z]+\s*=/i);
      expect(seen).not.toMatch(/javascript:/i);
      expect(clean).not.toMatch(/\son[a-z]+\s*=/i);
      expect(clean).not.toMatch(/javascript|jav&|alert/i);
      expect(clean).toContain(
        '<a data-doc-ref="countrycodes" href="#ref-countrycodes">click here to see Country Codes</a>',
      );
      expect(clean).toContain('<a title="x y" data-doc-ref="locales" href="#ref-locales">locales</a>');
      expect(clean).toContain('<b>bold</b>');
      expect(clean).toContain('<a href="https://example.com/doc" target="_blank" rel="noopener noreferrer">doc</a>');
    } finally {
      parse.mockRestore();
    }
  });
});
