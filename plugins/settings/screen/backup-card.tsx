// Backups: download a fresh one now; where the automatic ones are kept.

/** A link to GET /api/admin/backup (the session cookie authenticates the download). */
export function BackupCard() {
  return (
    <article className="backup-card">
      <header>
        <h3>Backup</h3>
      </header>
      <p>
        Download a backup of the whole shop now: the database and the product photos in one <code>.tar.gz</code> file. Keep it somewhere other than this
        computer.
      </p>
      <p className="muted">
        Kedai also makes a backup every night into the <code>backups</code> folder of its data folder and keeps the last 14. To restore one, stop Kedai and run{' '}
        <code>kedai restore FILE</code>.
      </p>
      {/* biome-ignore lint/a11y/useSemanticElements: a download link that Pico CSS draws as a button (role="button"); it must stay a link to download */}
      <a href="/api/admin/backup" download role="button" className="secondary">
        Download Backup
      </a>
    </article>
  );
}
