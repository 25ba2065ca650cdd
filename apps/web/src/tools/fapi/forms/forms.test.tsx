import { Suspense, useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import type { ActiveCredential, SpecificFormProps } from '../shared/types';
import { SPECIFIC_FORMS } from './index';
import { dataUrlToBlob } from './payloads';

// jsdom has no object URLs; the previews only need a string.
let objectUrls = 0;
Object.assign(URL, { createObjectURL: () => `blob:preview-${objectUrls++}`, revokeObjectURL: () => {} });

const credential: ActiveCredential = { env: 'sandbox', accessToken: 'tok-123', label: 'No.2' };

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  json?: unknown;
  document?: unknown;
  attachment?: File;
}

/** Stands in for the gateway: records each call and answers with `status` and `body`. */
function gateway(status: number, body: unknown) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const s: Sent = {
        url: String(input),
        method: init?.method ?? 'GET',
        headers: { ...(init?.headers as Record<string, string>) },
      };
      if (typeof init?.body === 'string') s.json = JSON.parse(init.body);
      if (init?.body instanceof FormData) {
        s.document = JSON.parse(String(init.body.get('document')));
        s.attachment = init.body.get('attachment') as File;
      }
      sent.push(s);
      return new Response(JSON.stringify(body), {
        status,
        statusText: status === 201 ? 'Created' : status === 200 ? 'OK' : 'Bad Request',
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return sent;
}

function renderForm(which: keyof typeof SPECIFIC_FORMS, props: Partial<SpecificFormProps> = {}, lang?: 'en' | 'zh') {
  const Form = SPECIFIC_FORMS[which]!;
  return renderWithProviders(
    <Suspense fallback="loading">
      <Form credential={credential} locale="en_US" {...props} />
    </Suspense>,
    { lang },
  );
}

async function choose(label: string, option: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: label }));
  await screen.findByRole('listbox');
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (el) => el.getAttribute('title') === option && el.offsetParent !== undefined,
    );
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

function pickFile(testId: string, file: File) {
  const input = screen.getByTestId(testId).querySelector<HTMLInputElement>('input[type=file]')!;
  return userEvent.upload(input, file, { applyAccept: false });
}

const errorBody = (message: string) => ({
  transactionId: 't-1',
  errors: [
    { code: 'X.Y', message },
    { code: 'Z', message: 'second' },
  ],
});

// Load the lazy forms once up front, so each test waits only for React, not for the module graph.
beforeAll(async () => {
  await Promise.all([import('./AccountVerification'), import('./ImageUpload'), import('./TradeDocumentUpload')]);
});
beforeEach(() => vi.unstubAllGlobals());
afterEach(() => vi.unstubAllGlobals());

describe('the forms registry', () => {
  it('has a form for each specific interface of the catalogue', () => {
    expect(Object.keys(SPECIFIC_FORMS).sort()).toEqual(['accountVerification', 'imageUpload', 'tradeDocumentUpload']);
  });
});

describe('in Chinese', () => {
  it('speaks Chinese in every form', async () => {
    for (const which of ['accountVerification', 'imageUpload', 'tradeDocumentUpload'] as const) {
      const Form = SPECIFIC_FORMS[which]!;
      const { unmount } = renderWithProviders(
        <Suspense fallback="loading">
          <Form credential={undefined} locale="zh_CN" />
        </Suspense>,
        { lang: 'zh' },
      );
      expect(await screen.findByText('请先应用一个凭据（凭据按钮）再调用 API。')).toBeInTheDocument();
      unmount();
    }
    const Account = SPECIFIC_FORMS.accountVerification!;
    renderWithProviders(
      <Suspense fallback="loading">
        <Account credential={credential} locale="zh_CN" />
      </Suspense>,
      { lang: 'zh' },
    );
    // antd spaces out a two-character Chinese button label.
    expect(await screen.findByRole('button', { name: /^验\s?证$/ })).toBeInTheDocument();
  });
});

describe('Account Verification', () => {
  it('takes at most 9 digits and verifies them through the gateway; success lists carriers with spaces', async () => {
    const sent = gateway(200, {
      transactionId: 't',
      output: { accountNumber: '740561075', allowedCarriers: ['FEDEX_EXPRESS', 'FEDEX_GROUND', 'FEDEX_FREIGHT'] },
    });
    renderForm('accountVerification');
    const input = await screen.findByTestId('fapi-account-number');
    await userEvent.type(input, '74a056107512345');
    expect(input).toHaveValue('740561075');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const result = await screen.findByTestId('fapi-form-result');
    expect(result).toHaveAttribute('data-status', 'success');
    expect(within(result).getByText('Success')).toBeInTheDocument();
    expect(screen.getByTestId('fapi-allowed-carriers')).toHaveTextContent('FEDEX EXPRESSFEDEX GROUNDFEDEX FREIGHT');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      url: '/lab/api/carrier/sandbox/account/v1/accounts/billing/validate',
      method: 'POST',
      json: { accountNumber: { value: '740561075' } },
    });
    expect(sent[0]!.headers).toMatchObject({ 'x-upstream-authorization': 'Bearer tok-123', 'x-locale': 'en_US' });
    expect(sent[0]!.headers['x-customer-transaction-id']).toMatch(/^sandbox_Account_Verification_\d{4}-/);
  });

  it.each([400, 403])('shows Error with the first error message on %i', async (status) => {
    gateway(status, errorBody('Account number 123 failed the check digit.'));
    renderForm('accountVerification');
    await userEvent.type(await screen.findByTestId('fapi-account-number'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const result = await screen.findByTestId('fapi-form-result');
    expect(result).toHaveAttribute('data-status', 'error');
    expect(result).toHaveTextContent('Error');
    expect(result).toHaveTextContent('Account number 123 failed the check digit.');
    expect(result).not.toHaveTextContent('second');
  });

  it('cannot verify without an active credential or an account number', async () => {
    renderForm('accountVerification', { credential: undefined });
    expect(await screen.findByRole('button', { name: 'Verify' })).toBeDisabled();
    expect(screen.getByTestId('fapi-form-no-credential')).toBeInTheDocument();
  });
});

const PNG_1x1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('Image Upload', () => {
  it('starts with a handed-over image, shows its size and uploads it as multipart; 201 is success', async () => {
    const sent = gateway(201, {
      output: {
        meta: { imageType: 'LETTERHEAD', imageIndex: 'IMAGE_3' },
        status: 'SUCCESS',
        documentReferenceId: 'REF-9',
      },
    });
    renderForm('imageUpload', {
      initialImage: {
        dataUrl: PNG_1x1,
        fileName: 'letterhead_200x50.png',
        contentType: 'PNG',
        imageType: 'LETTERHEAD',
      },
    });
    expect(await screen.findByTestId('fapi-image-name')).toHaveTextContent('letterhead_200x50.png');
    expect(screen.getByTestId('fapi-image-bytes')).toHaveTextContent(`${dataUrlToBlob(PNG_1x1).size} bytes`);
    const img = within(screen.getByTestId('fapi-image-preview')).getByRole('img');
    Object.defineProperty(img, 'naturalWidth', { value: 200 });
    Object.defineProperty(img, 'naturalHeight', { value: 50 });
    fireEvent.load(img);
    expect(screen.getByTestId('fapi-image-dimensions')).toHaveTextContent('200 × 50 px');
    expect(screen.getByRole('combobox', { name: 'imageType' }).closest('.ant-select')).toHaveTextContent('LETTERHEAD');

    await choose('imageIndex', 'IMAGE_3');
    await userEvent.clear(screen.getByTestId('fapi-image-reference'));
    await userEvent.type(screen.getByTestId('fapi-image-reference'), 'REF-9');
    await userEvent.click(screen.getByRole('button', { name: 'Upload to API' }));
    const result = await screen.findByTestId('fapi-form-result');
    expect(result).toHaveAttribute('data-status', 'success');
    expect(result).toHaveTextContent('Image IMAGE_3 (LETTERHEAD) uploaded, reference REF-9');
    expect(sent[0]).toMatchObject({
      url: '/lab/api/carrier/sandbox/documents/v1/lhsimages/upload',
      method: 'POST',
      document: {
        referenceId: 'REF-9',
        name: 'letterhead_200x50.png',
        contentType: 'image/png',
        rules: { workflowName: 'LetterheadSignature' },
        meta: { imageType: 'LETTERHEAD', imageIndex: 'IMAGE_3' },
      },
    });
    expect(sent[0]!.attachment!.name).toBe('letterhead_200x50.png');
    expect(sent[0]!.attachment!.size).toBe(dataUrlToBlob(PNG_1x1).size);
    expect(sent[0]!.headers['content-type']).toBeUndefined(); // the browser sets the multipart boundary
  });

  it('takes a later handed-over image in place of the chosen one', async () => {
    const Form = SPECIFIC_FORMS.imageUpload!;
    function Page() {
      const [name, setName] = useState('signature_100x25.png');
      return (
        <>
          <button type="button" onClick={() => setName('letterhead_700x50.png')}>
            next handoff
          </button>
          <Suspense fallback="loading">
            <Form
              credential={credential}
              locale="en_US"
              initialImage={{
                dataUrl: PNG_1x1,
                fileName: name,
                contentType: 'PNG',
                imageType: name.startsWith('l') ? 'LETTERHEAD' : 'SIGNATURE',
              }}
            />
          </Suspense>
        </>
      );
    }
    renderWithProviders(<Page />);
    expect(await screen.findByTestId('fapi-image-name')).toHaveTextContent('signature_100x25.png');
    await userEvent.click(screen.getByRole('button', { name: 'next handoff' }));
    expect(screen.getByTestId('fapi-image-name')).toHaveTextContent('letterhead_700x50.png');
    expect(screen.getByRole('combobox', { name: 'imageType' }).closest('.ant-select')).toHaveTextContent('LETTERHEAD');
  });

  it.each([400, 403])('shows Error with the message on %i', async (status) => {
    gateway(status, errorBody('The image is too large.'));
    renderForm('imageUpload');
    await pickFile('fapi-image-file', new File([new Uint8Array([1, 2, 3])], 'sig.png', { type: 'image/png' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Upload to API' }));
    const result = await screen.findByTestId('fapi-form-result');
    expect(result).toHaveAttribute('data-status', 'error');
    expect(result).toHaveTextContent('The image is too large.');
  });

  it('refuses a file of another type than the chosen content type, and needs a file to upload', async () => {
    renderForm('imageUpload');
    expect(await screen.findByRole('button', { name: 'Upload to API' })).toBeDisabled();
    await pickFile('fapi-image-file', new File(['x'], 'sig.gif', { type: 'image/gif' }));
    expect(screen.getByTestId('fapi-image-problem')).toHaveTextContent('The file must be a PNG image');
    expect(screen.getByRole('button', { name: 'Upload to API' })).toBeDisabled();
    await choose('contentType', 'GIF');
    await pickFile('fapi-image-file', new File(['x'], 'sig.gif', { type: 'image/gif' }));
    expect(screen.getByTestId('fapi-image-name')).toHaveTextContent('sig.gif');
    expect(screen.getByRole('button', { name: 'Upload to API' })).toBeEnabled();
  });
});

describe('Trade Document Upload', () => {
  const pdf = () => new File(['%PDF-1.4 tiny'], 'invoice.pdf', { type: 'application/pdf' });

  it('sends a pre-shipment upload with the defaults and without carrierCode, trackingNumber and shipmentDate', async () => {
    const sent = gateway(201, { output: { meta: { documentType: 'CI', docId: '0912345', folderId: ['0b1'] } } });
    renderForm('tradeDocumentUpload');
    expect(await screen.findByTestId('fapi-etd-origin')).toHaveValue('CN');
    expect(screen.getByTestId('fapi-etd-destination')).toHaveValue('US');
    expect(screen.queryByTestId('fapi-etd-tracking')).not.toBeInTheDocument();
    await pickFile('fapi-etd-file', new File(['hello'], 'note.txt', { type: 'text/plain' }));
    expect(screen.queryByTestId('fapi-etd-preview')).not.toBeInTheDocument(); // a .txt is not a PDF
    await pickFile('fapi-etd-file', new File(['stub'], 'invoice.pdf', { type: 'application/pdf' }));
    await choose('contentType', 'TXT'); // changing the content type clears the file
    expect(screen.getByTestId('fapi-etd-no-file')).toBeInTheDocument();
    await pickFile('fapi-etd-file', new File(['hello trade'], 'note.txt', { type: 'text/plain' }));
    expect(await screen.findByText('hello trade')).toBeInTheDocument(); // TXT preview
    await userEvent.click(screen.getByRole('button', { name: 'Upload to API' }));
    const result = await screen.findByTestId('fapi-form-result');
    expect(result).toHaveAttribute('data-status', 'success');
    expect(result).toHaveTextContent('Document uploaded: docId 0912345, documentType CI');
    expect(sent[0]!.url).toBe('/lab/api/carrier/sandbox/documents/v1/etds/upload');
    expect(sent[0]!.document).toEqual({
      workflowName: 'ETDPreshipment',
      name: 'note.txt',
      contentType: 'text/plain',
      meta: { shipDocumentType: 'COMMERCIAL_INVOICE', originCountryCode: 'CN', destinationCountryCode: 'US' },
    });
    expect(sent[0]!.attachment!.name).toBe('note.txt');
  });

  it('asks post-shipment uploads for a tracking number of at most 12 digits and sends carrier and date', async () => {
    const sent = gateway(201, { output: { meta: { documentType: 'CO', docId: '09ab' } } });
    renderForm('tradeDocumentUpload');
    await choose('workflowName', 'ETDPostshipment');
    const tracking = await screen.findByTestId('fapi-etd-tracking');
    await pickFile('fapi-etd-file', pdf());
    expect(screen.getByRole('button', { name: 'Upload to API' })).toBeDisabled();
    expect(screen.getByText('A post-shipment upload needs the tracking number')).toBeInTheDocument();
    await userEvent.type(tracking, '7947-9129-2805-99');
    expect(tracking).toHaveValue('794791292805');
    fireEvent.change(screen.getByTestId('fapi-etd-date'), { target: { value: '2026-11-20' } });
    await choose('shipDocumentType', 'CERTIFICATE_OF_ORIGIN');
    await choose('carrierCode', 'FDXG');
    await userEvent.click(screen.getByRole('button', { name: 'Upload to API' }));
    await screen.findByTestId('fapi-form-result');
    expect(sent[0]!.document).toEqual({
      workflowName: 'ETDPostshipment',
      carrierCode: 'FDXG',
      name: 'invoice.pdf',
      contentType: 'application/pdf',
      meta: {
        shipDocumentType: 'CERTIFICATE_OF_ORIGIN',
        trackingNumber: '794791292805',
        shipmentDate: '2026-11-20T00:00:00',
        originCountryCode: 'CN',
        destinationCountryCode: 'US',
      },
    });
  });

  it.each([400, 403])('shows Error with the message on %i', async (status) => {
    gateway(status, errorBody('Invalid document type.'));
    renderForm('tradeDocumentUpload');
    await choose('contentType', 'DOCX');
    await pickFile('fapi-etd-file', new File(['x'], 'a.docx'));
    expect(screen.getByText('No preview for DOCX files')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Upload to API' }));
    const result = await screen.findByTestId('fapi-form-result');
    expect(result).toHaveAttribute('data-status', 'error');
    expect(result).toHaveTextContent('Invalid document type.');
  });

  it('says why a file of another type is refused, as Image Upload does, and brings Success into view (issue 31)', async () => {
    gateway(201, { output: { meta: { documentType: 'CI', docId: '0912345' } } });
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      renderForm('tradeDocumentUpload');
      await pickFile('fapi-etd-file', new File(['hello'], 'note.txt', { type: 'text/plain' }));
      expect(screen.getByTestId('fapi-etd-problem')).toHaveTextContent('The file must be a PDF file (.pdf)');
      expect(screen.getByRole('button', { name: 'Upload to API' })).toBeDisabled();
      await choose('contentType', 'JPG');
      expect(screen.queryByTestId('fapi-etd-problem')).toBeNull();
      await pickFile('fapi-etd-file', new File(['x'], 'scan.png', { type: 'image/png' }));
      expect(screen.getByTestId('fapi-etd-problem')).toHaveTextContent('The file must be a JPG file (.jpg, .jpeg)');
      await pickFile('fapi-etd-file', new File(['x'], 'scan.JPEG', { type: 'image/jpeg' }));
      expect(screen.queryByTestId('fapi-etd-problem')).toBeNull();
      expect(scrolled).toEqual([]);
      await userEvent.click(screen.getByRole('button', { name: 'Upload to API' }));
      const result = await screen.findByTestId('fapi-form-result');
      expect(result).toHaveAttribute('data-status', 'success');
      await waitFor(() => expect(scrolled.some((el) => el.contains(result))).toBe(true));
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('refuses a file of another type in Chinese too (issue 31)', async () => {
    renderForm('tradeDocumentUpload', {}, 'zh');
    await pickFile('fapi-etd-file', new File(['hello'], 'note.txt', { type: 'text/plain' }));
    expect(await screen.findByTestId('fapi-etd-problem')).toHaveTextContent('文件必须是 PDF 文件（.pdf）');
  });
});
