import type { RegionRecord } from '@lab/core/contract';

/**
 * China as the regions lookup answers it from the project's data (alpha-2 `CN`): the record the
 * core, server and web tests share (the server test checks the lookup answers exactly this).
 */
export const CHINA_REGION: RegionRecord = {
  name: "People's Republic of China",
  name_cn: '中国',
  region: 'Asia',
  sub_region: 'Eastern Asia',
  intermediate_region: '',
  alpha_2: 'CN',
  alpha_3: 'CHN',
  country_code: '156',
  is_served: null,
  is_postal_routed: true,
  postal_pattern: { digits: 6, pattern: '^\\d{6}$' },
};
