/**
 * Regulatory details (`/globaltrade/v1/shipments/regulatorydetails/retrieve`) from the lane and the
 * commodities with our ETD/ECI data (the lookups' `places.etdRule`): within one country nothing
 * applies; between two, goods need a commercial invoice (documents only need none), which the
 * carrier can generate electronically only where the origin accepts ETD for export and the
 * destination for import; the advisories name each side's ETD, signature and letterhead rules; a
 * commodity without a harmonized code is named by its index.
 */
import type { EtdEciRule } from '@lab/core/regions';
import { asArray as arr, asObject as obj, asText as str, type JsonObject as Json } from '@lab/core/json';
import { carrierError } from '../errors.js';
import { RULE_MESSAGES } from '../rules.js';
import { envelope, type SimContext, type SimReply, type SimRequest } from './context.js';

const message = (code: string, index: number, text: string, parameters: Record<string, string> = {}) => ({
  code,
  index,
  text,
  messageParameters: Object.entries(parameters).map(([id, value]) => ({ id, value })),
});

const level = (l: string | undefined) => (l ?? 'OPTIONAL').toLowerCase();

/** One side's advisory lines: ETD acceptance and the signature and letterhead levels of the ETD/ECI data. */
function sideAdvisories(side: 'export' | 'import', name: string, rule: EtdEciRule | undefined) {
  if (!rule) {
    return [{ code: `ETD.${side.toUpperCase()}.UNKNOWN`, text: `No ETD rule is known for ${side} in ${name}.` }];
  }
  const etd = side === 'export' ? rule.etd_export : rule.etd_import;
  const signature = side === 'export' ? rule.signature_export : rule.signature_import;
  const letterhead = side === 'export' ? rule.letterhead_export : rule.letterhead_import;
  const where = side === 'export' ? `for export from ${name}` : `for import into ${name}`;
  return [
    {
      code: `ETD.${side.toUpperCase()}.${etd ? 'ACCEPTED' : 'NOT.ACCEPTED'}`,
      text: `Electronic trade documents are ${etd ? '' : 'not '}accepted ${where}.`,
    },
    {
      code: `ETD.${side.toUpperCase()}.SIGNATURE.${signature}`,
      text: `A signature image is ${level(signature)} ${where}; a letterhead image is ${level(letterhead)}.`,
    },
  ];
}

export async function regulatoryDetails(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const from = str(obj(req.body.originAddress).countryCode).toUpperCase();
  const to = str(obj(req.body.destinationAddress).countryCode).toUpperCase();
  const [origin, destination] = await Promise.all([ctx.places.country(from), ctx.places.country(to)]);
  if (!origin) throw carrierError(400, 'ORIGIN.COUNTRY.INVALID', RULE_MESSAGES.originCountry);
  if (!destination) throw carrierError(400, 'DESTINATION.COUNTRY.INVALID', RULE_MESSAGES.destinationCountry);
  if (from === to) {
    const text = `No export or import regulations apply to a shipment within ${destination.name}.`;
    return {
      status: 200,
      body: envelope(ctx, req, {
        userMessages: [message('DOMESTIC.SHIPMENT', 1, text, { '1': destination.name })],
        countryDetails: { countryCode: to, category: 'DOMESTIC', shipmentDetails: {} },
      }),
    };
  }
  const customs = obj(req.body.customsClearanceDetail);
  const commodities = arr(customs.commodities).map(obj);
  const documentsOnly = str(customs.documentContent) === 'DOCUMENT';
  const [exportRule, importRule] = await Promise.all([ctx.places.etdRule(from), ctx.places.etdRule(to)]);
  const electronic = exportRule?.etd_export === true && importRule?.etd_import === true;
  const missingCode = commodities.findIndex((c) => str(c.harmonizedCode).trim() === '');
  const lane = `${origin.name} to ${destination.name}`;
  const userMessages = [
    documentsOnly
      ? message('DOCUMENTS.ONLY', 1, `Documents only from ${lane}: no commercial invoice is required.`)
      : message(
          'COMMERCIAL.INVOICE.REQUIRED',
          1,
          `Goods from ${lane} need a commercial invoice${electronic ? ', which may be sent electronically (ETD)' : ' on paper with the shipment'}.`,
          { '1': origin.name, '2': destination.name },
        ),
    ...(missingCode >= 0
      ? [message('HARMONIZED.CODE.REQUIRED', 2, `Commodity ${missingCode + 1} has no harmonized code.`)]
      : []),
  ];
  const units = [...new Set(commodities.map((c) => str(c.quantityUOM)).filter(Boolean))];
  const shipmentDetails: Json = {
    ...(documentsOnly
      ? {}
      : {
          regulatoryDocuments: {
            userMessage: userMessages[0],
            documentType: 'COMMERCIAL_INVOICE',
            supportType: electronic ? 'FEDEX_GENERATED' : 'PRINT_ONLY',
            allowability: electronic ? 'ELECTRONIC_OR_PAPER' : 'PAPER_ONLY',
            localizedAttributes: {
              name: 'Commercial Invoice',
              description: `The commercial invoice for goods from ${lane}.`,
            },
          },
        }),
    regulatoryCountryAdvisories: {
      types: 'ETD',
      messages: [
        ...sideAdvisories('export', origin.name, exportRule),
        ...sideAdvisories('import', destination.name, importRule),
      ],
    },
    ...(units.length ? { requiredCommodityUnitsOfMeasure: units } : {}),
    level: missingCode >= 0 ? 'COMMODITY' : 'SHIPMENT',
    ...(missingCode >= 0 ? { commodityIndex: missingCode + 1 } : {}),
  };
  return {
    status: 200,
    body: envelope(ctx, req, {
      userMessages,
      countryDetails: { countryCode: to, category: 'IMPORT', shipmentDetails },
    }),
  };
}
