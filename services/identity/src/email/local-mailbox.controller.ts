import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Public } from '@trackside/platform';
import type { Response } from 'express';
import type { DataSource } from 'typeorm';
import { PublicLinks } from '../common/public-links';
import { parseBrandUrls, type IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';
import { DEMO_BRANDS } from '../demo/demo-users';
import { EmailOutboxEntity } from '../persistence';
import { brandsWithCompanyNames } from './brand-names';
import { brandDisplayName } from './email-templates';
import { renderMailboxEmail, renderMailboxList, renderMailboxPreviews, type MailboxEmail } from './local-mailbox-page';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LIST_LIMIT = 200;

/** Whether the local mailbox exists: every mode but production (docs/decisions.md "Local mailbox"). */
export function localMailboxEnabled(config: Pick<IdentityConfig, 'NODE_ENV'>): boolean {
  return config.NODE_ENV !== 'production';
}

/**
 * GET /dev/mailbox (issue 24 item 24): the emails of the outbox as web pages, so a local user can
 * read their confirmation or reset email without an SMTP server. Every brand's emails, unauthenticated:
 * it exists only outside production (404 there), where the embedded default listens on loopback.
 */
@Controller('dev/mailbox')
export class LocalMailboxController {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    private readonly links: PublicLinks,
  ) {}

  @Get()
  @Public()
  async list(@Res() res: Response): Promise<void> {
    if (!localMailboxEnabled(this.config)) return void notFound(res);
    const rows = await this.db.getRepository(EmailOutboxEntity).find({ order: { createdAt: 'DESC', id: 'DESC' }, take: LIST_LIMIT });
    sendHtml(res, renderMailboxList(rows.map(toMailboxEmail)));
  }

  /**
   * Every template with sample data for each brand this server knows: the demo brands, those the
   * catalogue named, those with their own web origin. Declared before ':id', which would take it.
   */
  @Get('previews')
  @Public()
  previews(@Res() res: Response): void {
    if (!localMailboxEnabled(this.config)) return void notFound(res);
    const keys = new Set<string>([...DEMO_BRANDS, ...brandsWithCompanyNames(), ...parseBrandUrls(this.config.BRAND_PUBLIC_URLS).keys()]);
    const brands = [...keys].sort().map((brand) => ({ brand, name: brandDisplayName(brand), origin: this.links.origin(brand) }));
    sendHtml(res, renderMailboxPreviews(brands));
  }

  @Get(':id')
  @Public()
  async show(@Param('id') id: string, @Res() res: Response): Promise<void> {
    const email = await this.find(id);
    if (!email) return void notFound(res);
    sendHtml(res, renderMailboxEmail(email));
  }

  /** The HTML version exactly as it was written to the outbox. */
  @Get(':id/html')
  @Public()
  async html(@Param('id') id: string, @Res() res: Response): Promise<void> {
    const email = await this.find(id);
    if (!email?.html) return void notFound(res);
    sendHtml(res, email.html);
  }

  private async find(id: string): Promise<MailboxEmail | null> {
    if (!localMailboxEnabled(this.config) || !UUID.test(id)) return null;
    const row = await this.db.getRepository(EmailOutboxEntity).findOne({ where: { id } });
    return row ? toMailboxEmail(row) : null;
  }
}

function toMailboxEmail(row: EmailOutboxEntity): MailboxEmail {
  return {
    id: row.id,
    brand: row.brand,
    template: row.template,
    to: row.toAddress,
    subject: row.subject,
    status: row.status,
    text: row.textBody,
    html: row.htmlBody,
    createdAt: row.createdAt,
  };
}

function sendHtml(res: Response, html: string): void {
  // Links in the emails carry one-time codes: never cached, never sent on as a referrer.
  res
    .status(200)
    .set({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' })
    .send(html);
}

function notFound(res: Response): void {
  res.status(404).set('content-type', 'text/plain; charset=utf-8').send('Not Found');
}
