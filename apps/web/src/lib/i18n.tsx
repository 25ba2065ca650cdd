import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

export type Lang = 'en' | 'zh';
export const LANG_STORAGE_KEY = 'lab.lang';

/** Strings of the chrome (menu, footer, home, 404, loading). Tool screens keep their own. */
const dictionary = {
  en: {
    'menu.home': 'Home',
    'menu.Apps': 'Apps',
    'menu.Transaction': 'Transaction',
    'menu.APIs': 'APIs',
    'footer.fileShare': 'File sharing',
    'home.title': 'Shipping Lab',
    'home.subtitle': 'The toolbox for the carrier’s engineers and support staff',
    'home.filter': 'Filter tools',
    'home.empty': 'No tool matches this filter',
    'home.other': 'More tools',
    'notFound.title': 'HTTP 404',
    'notFound.text': 'THE PAGE YOU WERE LOOKING FOR COULD NOT BE FOUND.',
    'notFound.back': 'Back to Home',
    'chunk.failed': 'This page could not be loaded. Check your connection and try again.',
    'chunk.retry': 'Retry',
    'chunk.loading': 'Loading…',
    'lang.label': 'Language',
    'user.signedIn': 'Signed in as',
  },
  zh: {
    'menu.home': '首页',
    'menu.Apps': '应用',
    'menu.Transaction': '交易',
    'menu.APIs': '接口',
    'footer.fileShare': '文件共享',
    'home.title': 'Shipping Lab',
    'home.subtitle': '承运商工程师与客服人员的工具箱',
    'home.filter': '筛选工具',
    'home.empty': '没有匹配的工具',
    'home.other': '更多工具',
    'notFound.title': 'HTTP 404',
    'notFound.text': '找不到您要访问的页面。',
    'notFound.back': '返回首页',
    'chunk.failed': '页面加载失败，请检查网络后重试。',
    'chunk.retry': '重试',
    'chunk.loading': '加载中…',
    'lang.label': '语言',
    'user.signedIn': '当前用户',
  },
} as const;

export type MessageKey = keyof (typeof dictionary)['en'];

interface I18n {
  lang: Lang;
  setLang: (lang: Lang) => void;
  t: (key: MessageKey) => string;
}

const I18nContext = createContext<I18n | undefined>(undefined);

export function initialLang(): Lang {
  try {
    const saved = localStorage.getItem(LANG_STORAGE_KEY);
    if (saved === 'en' || saved === 'zh') return saved;
  } catch {
    // storage disabled
  }
  return typeof navigator !== 'undefined' && navigator.language?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

export function I18nProvider({ children, lang: fixed }: { children: ReactNode; lang?: Lang }) {
  const [lang, setLangState] = useState<Lang>(() => fixed ?? initialLang());
  const setLang = useCallback((l: Lang) => {
    setLangState(l);
    try {
      localStorage.setItem(LANG_STORAGE_KEY, l);
    } catch {
      // storage disabled: the choice lasts for this page
    }
  }, []);
  useEffect(() => {
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  }, [lang]);
  const value = useMemo<I18n>(() => ({ lang, setLang, t: (key) => dictionary[lang][key] }), [lang, setLang]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const ctx = useContext(I18nContext);
  if (!ctx) throw new Error('useI18n outside <I18nProvider>');
  return ctx;
}

/**
 * A screen's own message catalogue: English and Chinese with the same keys (the type checker
 * refuses a key missing in either). Keep one per screen, in `tools/<tool>/messages.ts`:
 *
 *   export const messages = defineMessages({ en: { send: 'Send out' }, zh: { send: '发送' } });
 *   const m = useMessages(messages); … <Button>{m.send}</Button>
 *
 * The product's exact English strings stay in `en` exactly as the spec writes them.
 */
export function defineMessages<K extends string>(catalogue: {
  en: Record<K, string>;
  zh: NoInfer<Record<K, string>>;
}): Record<Lang, Record<K, string>> {
  return catalogue;
}

/** The current language's half of a screen catalogue; re-renders on a language switch. */
export function useMessages<K extends string>(catalogue: Record<Lang, Record<K, string>>): Record<K, string> {
  return catalogue[useI18n().lang];
}

/** A catalogue message with its `{name}` placeholders filled in: `fillMessage('{n} fields', {n: 3})`. */
export function fillMessage(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (all, key: string) => (key in values ? String(values[key]) : all));
}
