// The Promotions screen (/promotions, ADMIN): every promotion with its status and what it has cost so far, New /
// Edit in a modal, End after a confirm. The till applies ACTIVE ones by itself (the checkout's adjust stage).
import { useState } from 'react';
import { api } from '../../../ui/api.js';
import { confirmDialog } from '../../../ui/components/confirm.js';
import { ListStatus, PageHead } from '../../../ui/components/list-screen.js';
import { toast } from '../../../ui/toast.js';
import { useQuery } from '../../../ui/use-query.js';
import { PromotionEditor } from './promotion-editor.js';
import { PromotionTable } from './promotion-table.js';
import type { Promotion, PromotionList } from './types.js';

// Finger-sized row buttons and chips (#26.6), shipped in this lazy chunk.
const css = `
.promotions-screen .row-actions > button, .promotions-screen .page-head-actions > button { min-height: 44px; min-width: 44px; }
.promotions-screen .promo-chips { display: flex; flex-wrap: wrap; gap: .4rem; margin: -.5rem 0 1rem; }
.promotions-screen .promo-chips button, .promo-chips button { width: auto; margin: 0; padding: .3rem .7rem; font-size: .9rem; }
.promo-chips { display: flex; flex-wrap: wrap; gap: .4rem; margin: -.5rem 0 1rem; }
.promo-matches { list-style: none; margin: -.5rem 0 .75rem; padding: 0; display: grid; gap: .25rem; }
.promo-matches li { list-style: none; margin: 0; padding: 0; }
.promo-matches button { width: 100%; text-align: left; margin: 0; padding: .35rem .75rem; font-size: .9rem; }
.promo-scope { border: 1px solid var(--pico-muted-border-color); border-radius: var(--pico-border-radius); padding: .75rem 1rem 0; }
.promo-scope legend { padding: 0 .4rem; font-weight: 600; }
`;

export default function PromotionsScreen() {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Promotion | null>(null);
  const list = useQuery(['promotions'], () => api.get<PromotionList>('/api/promotions'));
  const promotions = list.data?.promotions ?? [];

  const end = async (p: Promotion) => {
    if (!(await confirmDialog(`End the promotion "${p.name}" now? It will no longer apply at the till.`))) return;
    try {
      await api.post(`/api/promotions/${p.id}/end`, {});
      toast.success(`Promotion ${p.name} ended`);
    } catch {
      toast.error('Failed to end promotion');
    }
    void list.reload();
  };
  const saved = () => {
    setAdding(false);
    setEditing(null);
    void list.reload();
  };

  return (
    <section className="promotions-screen">
      <style>{css}</style>
      <PageHead
        title="Promotions"
        subtitle="Deals the till applies by itself: percent off, buy X get Y, bundle prices"
        action={{ label: '+ New Promotion', onClick: () => setAdding(true) }}
      />
      <ListStatus query={list} noun="promotions" rows={promotions} empty="No promotions yet. Create your first promotion." />
      {promotions.length > 0 ? <PromotionTable promotions={promotions} onEdit={setEditing} onEnd={(p) => void end(p)} /> : null}
      {adding ? <PromotionEditor onClose={() => setAdding(false)} onSaved={saved} /> : null}
      {editing ? <PromotionEditor promotion={editing} onClose={() => setEditing(null)} onSaved={saved} /> : null}
    </section>
  );
}
