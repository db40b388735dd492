import { useSiteSettings } from '../../../features/admin/api/get-site-settings.ts';
import { ListError, SkeletonRows } from '../../../features/admin/components/list-states.tsx';
import { SiteSettingsForm } from '../../../features/admin/components/site-settings-form.tsx';
import { VerifiedRecord } from '../../../features/admin/components/verified-record.tsx';
import { AdminPage } from '../admin-page.tsx';

/** /admin/settings: the landing page's figures and community links, beside the verified record. */
export default function AdminSiteSettingsRoute() {
  const query = useSiteSettings();
  return (
    <AdminPage
      title="Site settings"
      description="What the landing page shows besides the tips: its figures (measured unless you set a lower one) and the community links."
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0">
          {query.isPending && (
            <>
              <p role="status" className="mb-3 text-sm text-emerald-100/75">
                Loading the settings…
              </p>
              <SkeletonRows rows={2} height="h-44" />
            </>
          )}
          {query.isError && (
            <ListError
              error={query.error}
              fallback="Could not load the site settings."
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
            />
          )}
          {query.data && <SiteSettingsForm settings={query.data.settings} figures={query.data.figures} />}
        </div>
        <div className="min-w-0 self-start">
          <VerifiedRecord />
        </div>
      </div>
    </AdminPage>
  );
}
