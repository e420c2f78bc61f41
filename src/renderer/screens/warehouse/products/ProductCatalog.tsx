import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Screen } from '../../../components/Screen';
import { Icon } from '../../../components/Icon';
import { useScanner } from '../../../lib/scanner';
import { useDebounced } from '../../../lib/useDebounced';
import { useHotkey } from '../../../lib/useHotkey';
import { ProductDetailPanel } from './ProductDetailPanel';
import { ProductList } from './ProductList';

/** The mirrored catalogue: search by EAN, item number or any word, browse, open a product. */
export function ProductCatalog() {
  const { t } = useTranslation('warehouse');
  const navigate = useNavigate();
  const saved = (useLocation().state as { saved?: number } | null)?.saved ?? null;
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), 150);
  const [selected, setSelected] = useState<number | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const open = (id: number) => void navigate(`/products/${id}`);
  // A selection belongs to the list it was made in; a new search result starts without one.
  const [shownQuery, setShownQuery] = useState(query);
  if (shownQuery !== query) {
    setShownQuery(query);
    setSelected(null);
  }

  // A scan anywhere on this screen searches for the code.
  useScanner({
    onScan: (code) => {
      setText(code);
      setSelected(null);
      searchRef.current?.focus();
    },
  });
  useHotkey('ctrl+f', () => searchRef.current?.select());
  // Insert works in a browser too, where Ctrl+N opens a new window before the page sees it.
  useHotkey('insert', () => void navigate('/products/new'));
  useHotkey('ctrl+n', () => void navigate('/products/new'));

  return (
    <Screen
      className="fill"
      title={t('nav.products')}
      actions={
        <Link className="btn primary" to="/products/new">
          <Icon name="plus" /> {t('products.new')} <kbd>Ins</kbd>
        </Link>
      }
    >
      {saved !== null ? <div className="notice ok" role="status">{t('products.savedNotice')}</div> : null}
      <div className="toolbar">
        <Icon name="search" />
        <input
          ref={searchRef}
          type="search"
          style={{ flex: 1, maxWidth: 520 }}
          value={text}
          autoFocus
          placeholder={t('products.searchPlaceholder')}
          aria-label={t('products.searchPlaceholder')}
          data-testid="product-search"
          onChange={(e) => {
            setText(e.target.value);
            setSelected(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' || e.key === 'Enter') {
              e.preventDefault();
              listRef.current?.focus();
              if (selected === null) setSelected(0);
            }
          }}
        />
        <kbd>Ctrl+F</kbd>
      </div>
      <div className="split">
        <ProductList query={query} selected={selected} onSelect={setSelected} onSelectedProduct={setSelectedId} onOpen={open} listRef={listRef} />
        <ProductDetailPanel productId={selectedId} />
      </div>
    </Screen>
  );
}
