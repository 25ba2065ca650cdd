import { gbkCode } from './codepages.js';

/**
 * How much a text looks like something a person wrote, for ranking repair candidates: higher is
 * more plausible. Penalties for replacement and control characters, classic mojibake pairs and
 * leftover escapes; for Chinese, the GB2312 level of each character (level 1 holds the 3,755
 * common hanzi, level 2 the rarer ones, the GBK extension rarer still), with a bonus for the very
 * most frequent characters so that real Chinese beats Chinese-looking mojibake.
 */

// The 1,000 most frequent hanzi in modern written Chinese, most frequent first.
const FREQUENT_HANZI = new Set(
  '的一是不了在人有我他这个们中来上大为和国地到以说时要就出会可也你对生能而子那得于着下自之年过发后作里用道行所然家种事成方多经么去法学如都同现当没动面起看定天分还进好小部其些主样理心她本前开但因只从想实日军者意无力它与长把机十民第公此已工使情明性知全三又关点正业外将两高间由问很最重并物手应战向头文体政美相见被利什二等产或新己制身果加西斯月话合回特代内信表化老给世位次度门任常先海通教儿原东声提立及比员解水名真论处走义各入几口认条平系气题活尔更别打女变四神总何电数安少报才结反受目太量再感建务做接必场件计管期市直德资命山金指克许统区保至队形社便空决治展马科司五基眼书非则听白却界达光放强即像难且权思王象完设式色路记南品住告类求据程北边死张该交规万取拉格望觉术领共确传师观清今切院让识候带导争运笑飞风步改收根干造言联持组每济车亲极林服快办议往元英士证近失转夫令准布始怎呢存未远叫台单影具罗字爱击流备兵连调深商算质团集百需价花党华城石级整府离况亚请技际约示复病息究线似官火断精满支视消越器容照须九增研写称企八功吗包片史委乎查轻易早曾除农找装广显吧阿李标谈吃图念六引历首医局突专费号尽另周较注语仅考落青随选列武红响虽推势参希古众构房半节土投某案黑维革划敌致陈律足态护七兴派孩验责营星够章音跟志底站严巴例防族供效续施留讲型料终答紧黄绝奇察母京段依批群项故按河米围江织害斗双境客纪采举杀攻父苏密低朝友诉止细愿千值仍男钱破网热助倒育属坐帝限船脸职速刻乐否刚威毛状率甚独球般普怕弹校苦创假久错承印晚兰试股拿脑预谁益阳若哪微尼继送急血惊伤素药适波夜省初喜卫源食险待述陆习置居劳财环排福纳欢雷警获模充负云停木游龙树疑层冷洲冲射略范竟句室异激汉村哈策演简卡罪判担州静退既衣您宗积余痛检差富灵协角占配征修皮挥胜降阶审沉坚善妈刘读啊超免压银买皇养伊怀执副乱抗犯追帮宣佛岁航优怪香著田铁控税左右份穿艺背阵草脚概恶块顿敢守酒岛托央户烈洋哥索胡款靠评版宝座释景顾弟登货互付伯慢欧换闻危忙核暗姐介坏讨丽良序升监临亮露永呼味野架域沙掉括舰鱼杂误湾吉减编楚肯测败屋跑梦散温困剑渐封救贵枪缺楼县尚毫移娘朋画班智亦耳恩短掌恐遗固席松秘谢鲁遇康虑幸均销钟诗藏赶剧票损忽巨炮旧端探湖录叶春乡附吸予礼港雨呀板庭妇归睛饭额含顺输摇招婚脱补谓督毒油疗旅泽材灭逐莫笔亡鲜词圣择寻厂睡博勒烟授诺伦岸奥唐卖俄炸载洛健堂旁宫喝借君禁阴园谋宋避抓荣姑孙逃牙束跳顶',
);

/** A UTF-8 lead byte (Ã, Â, â, ä, æ …) then a continuation byte, both read as Windows-1252/Latin-1. */
const MOJIBAKE_PAIR = /[ÂÃÐÑØÙÚÛÜÝÞßâãäåæçèé][\u0080-\u00bf€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/g;
const LEFTOVER_ESCAPE =
  /\\u[0-9a-fA-F]{4}|\\x[0-9a-fA-F]{2}|%[0-9a-fA-F]{2}|&(#\d+|#x[0-9a-fA-F]+|[a-zA-Z]{2,8});|=[0-9A-F]{2}/g;
const WHOLE_BASE64 = /^(?=.*[0-9+/=A-Z])[A-Za-z0-9+/]{8,}={0,2}$/;

const isCjk = (cp: number) =>
  (cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0x3400 && cp <= 0x4dbf) || (cp >= 0xf900 && cp <= 0xfaff);

function charScore(ch: string): number {
  const cp = ch.codePointAt(0)!;
  if (cp === 0xfffd) return -10;
  if ((cp < 0x20 && ch !== '\t' && ch !== '\n' && ch !== '\r') || cp === 0x7f) return -5;
  if (cp >= 0x80 && cp <= 0x9f) return -5;
  if (cp >= 0xe000 && cp <= 0xf8ff) return -4; // private use
  if (isCjk(cp)) {
    if (FREQUENT_HANZI.has(ch)) return 1.5;
    const code = gbkCode(ch);
    if (code === undefined) return -3;
    const lead = code >> 8;
    if (lead >= 0xb0 && lead <= 0xd7) return -0.5; // GB2312 level 1
    if (lead >= 0xd8 && lead <= 0xf7) return -1.5; // GB2312 level 2
    return -2.5; // GBK extension
  }
  return 0;
}

export function textPlausibility(text: string): number {
  let score = 0;
  let prev = '';
  for (const ch of text) {
    score += charScore(ch);
    // Latin accents after a letter (café, Müller) read as words; a hanzi glued to a Latin letter
    // mostly comes from Latin text decoded as GBK (café → caf茅).
    if (/[a-z]/i.test(prev) && /[À-ÖØ-öø-ÿ]/.test(ch)) score += 0.5;
    if ((/[a-z]/i.test(prev) && isCjk(ch.codePointAt(0)!)) || (/[a-z]/i.test(ch) && isCjk(prev.codePointAt(0) ?? 0))) {
      score -= 2;
    }
    prev = ch;
  }
  score -= 3 * (text.match(MOJIBAKE_PAIR)?.length ?? 0);
  score -= 2 * (text.match(LEFTOVER_ESCAPE)?.length ?? 0);
  if (WHOLE_BASE64.test(text.trim())) score -= 3;
  return score;
}
