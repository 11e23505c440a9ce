/** A page's own title in both languages (resource.json pages title). */
export type PageTitles = Readonly<Record<'zh-CN' | 'en-US', string>>;
