/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base address of the marketing site (help centre, contact and "How it works" pages). */
  readonly VITE_MARKETING_SITE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
