export type EditorMode = 'menu' | 'pricebook';

export type SubmenuEditorProps =
  | { mode: 'menu'; restaurant: string; submenuid?: string; open: boolean; onClose: (saved: boolean) => void }
  | { mode: 'pricebook'; path: number; submenuid?: string; open: boolean; onClose: (saved: boolean) => void };
