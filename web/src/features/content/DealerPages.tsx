import { CheckCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@apollo/client/react';
import { Card, Col, Row, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useBrand } from '../brand';
import { usePageTitle } from '../directory/DirectoryShared';
import { Breadcrumbs } from './Breadcrumbs';
import { ContactForm } from './ContactForms';
import { ContentPicture } from './ContentPicture';
import { isInternalUrl, servicePrice } from './content-rules';
import { LoadError } from './LoadError';
import {
  AUCTION_MARKETPLACE,
  DEALER_SERVICE,
  DEALERSHIP_SOLUTION,
  type ContentBlock,
  type Hero,
  type LogoStrip,
  type Offering,
  type Quote,
} from './pages.operations';
import { RichText } from './RichText';
import './content.css';

/** A link that navigates in-app for a path of this site and is a plain link otherwise. */
function SmartLink({ url, children, className }: { url: string; children: ReactNode; className?: string }) {
  if (isInternalUrl(url))
    return (
      <Link to={url} className={className}>
        {children}
      </Link>
    );
  return (
    <a href={url} className={className} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

function PageSkeleton() {
  return (
    <section className="ts-page" data-testid="dealer-page-loading">
      <Skeleton active title paragraph={{ rows: 2 }} />
      <Skeleton.Image active style={{ width: '100%', height: 240 }} />
      <Skeleton active paragraph={{ rows: 6 }} />
    </section>
  );
}

/** /dealer-services: the title (default Dealer Services) and a card per item. */
export function DealerServicesPage() {
  const { w } = useBrand();
  const { data, loading, error, refetch } = useQuery(DEALER_SERVICE, { fetchPolicy: 'cache-and-network' });
  const content = data?.dealerService;
  const title = w(content?.title || 'Dealer Services');
  usePageTitle(title);
  if (!content && loading) return <PageSkeleton />;
  if (!content && error) return <LoadError onRetry={() => void refetch()} />;
  return (
    <section className="ts-page">
      <Breadcrumbs />
      <Typography.Title>{title}</Typography.Title>
      <Row gutter={[24, 24]}>
        {(content?.items ?? []).map((item) => (
          <Col key={item.id} xs={24} md={12} lg={8}>
            <Card
              className="ts-content-card"
              data-testid="dealer-service-card"
              cover={<ContentPicture image={item.image} className="ts-content-card-image" />}
            >
              <Typography.Title level={2} className="ts-content-card-title">
                {w(item.title)}
              </Typography.Title>
              {item.description ? <Typography.Paragraph>{w(item.description)}</Typography.Paragraph> : null}
              {item.url ? <SmartLink url={item.url}>{w(item.linkText || 'Learn more')}</SmartLink> : null}
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}

function hasHero(hero: Hero | null | undefined): hero is Hero {
  return Boolean(hero && (hero.text || hero.image));
}

/** A full-width picture with its text over a dark band (readable on any image). */
function HeroBlock({ name, hero, first = false }: { name: string; hero: Hero | null | undefined; first?: boolean }) {
  const { w } = useBrand();
  if (!hasHero(hero)) return null;
  return (
    <section className="ts-hero" data-block={name}>
      <ContentPicture image={hero.image} className="ts-hero-image" alt="" loading={first ? 'eager' : 'lazy'} />
      {hero.text ? (
        <div className="ts-hero-text">
          <Typography.Title level={2}>{w(hero.text)}</Typography.Title>
        </div>
      ) : null}
    </section>
  );
}

function QuoteBlock({ name, quote }: { name: string; quote: Quote | null | undefined }) {
  const { w } = useBrand();
  if (!quote?.text) return null;
  return (
    <figure className="ts-quote" data-block={name}>
      <blockquote>{w(quote.text)}</blockquote>
      {quote.author ? <figcaption>— {w(quote.author)}</figcaption> : null}
    </figure>
  );
}

function TextBlock({ name, body }: { name: string; body: string | null | undefined }) {
  if (!body) return null;
  return (
    <section className="ts-content-text" data-block={name}>
      <RichText body={body} />
    </section>
  );
}

/** content1..3 of the auction and marketplace page: title, description and image (left or right). */
function SplitBlock({ name, block, imageLeft = false }: { name: string; block: ContentBlock | null | undefined; imageLeft?: boolean }) {
  const { w } = useBrand();
  if (!block || !(block.title || block.description || block.image)) return null;
  const text = (
    <Col xs={24} md={block.image ? 12 : 24} key="text">
      {block.title ? <Typography.Title level={2}>{w(block.title)}</Typography.Title> : null}
      {block.description ? <RichText body={block.description} /> : null}
    </Col>
  );
  const picture = block.image ? (
    <Col xs={24} md={12} key="image">
      <ContentPicture image={block.image} className="ts-split-image" />
    </Col>
  ) : null;
  return (
    <section className={`ts-split${imageLeft ? ' ts-split-left' : ''}`} data-block={name}>
      <Row gutter={[32, 16]} align="middle">
        {imageLeft ? [picture, text] : [text, picture]}
      </Row>
    </section>
  );
}

function OfferingGrid({ name, items, title }: { name: string; items: Offering[]; title: string }) {
  const { w } = useBrand();
  if (items.length === 0) return null;
  return (
    <section className="ts-content-section" data-block={name} aria-label={title}>
      <Row gutter={[24, 24]}>
        {items.map((item) => (
          <Col key={item.id} xs={24} sm={12} lg={8}>
            <Card
              className="ts-content-card"
              cover={item.image ? <ContentPicture image={item.image} className="ts-content-card-image" /> : undefined}
            >
              <Typography.Title level={3} className="ts-content-card-title">
                {w(item.title)}
              </Typography.Title>
              {item.description ? <Typography.Paragraph>{w(item.description)}</Typography.Paragraph> : null}
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}

function LogoStripBlock({ name, strip }: { name: string; strip: LogoStrip | null | undefined }) {
  const { w } = useBrand();
  if (!strip || (strip.links.length === 0 && !strip.title)) return null;
  return (
    <section className="ts-content-section ts-logo-strip" data-block={name}>
      {strip.title ? <Typography.Title level={2}>{w(strip.title)}</Typography.Title> : null}
      <div className="ts-partner-logos">
        {strip.links.map((link) => {
          const logo = (
            <ContentPicture image={link.media} alt={link.name ?? link.media?.alternativeText ?? ''} className="ts-partner-logo" />
          );
          return (
            <div key={link.id} className="ts-partner-logo-item">
              {link.url ? (
                <SmartLink url={link.url} className="ts-partner-logo-link">
                  {logo}
                </SmartLink>
              ) : (
                logo
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}

/** The contact-us block that ends the dealer pages (template CONTACT_US_DEALER). */
function ContactUsBlock() {
  return (
    <section className="ts-content-section" data-block="contact-us" aria-labelledby="dealer-contact-title">
      <Typography.Title level={2} id="dealer-contact-title">
        Contact Us
      </Typography.Title>
      <ContactForm type="CONTACT_US_DEALER" />
    </section>
  );
}

/**
 * /dealer-services/dealership-solutions (spec 000 section 2), in order: hero1, quote1, content1,
 * hero2, the two-column block (quote2 and content2 beside the content image and the points), hero3,
 * offerings, services (price per period), the dealers logo strip and the contact-us block. Blocks
 * the staff left empty are skipped.
 */
export function DealershipSolutionsPage() {
  const { w } = useBrand();
  const { data, loading, error, refetch } = useQuery(DEALERSHIP_SOLUTION, { fetchPolicy: 'cache-and-network' });
  const content = data?.dealershipSolution;
  const title = w(content?.title || 'Dealership Solutions');
  usePageTitle(title);
  if (!content && loading) return <PageSkeleton />;
  if (!content && error) return <LoadError onRetry={() => void refetch()} />;
  if (!content) return null;
  const twoColumn = content.quote2.text || content.content2 || content.contentImage || content.points.length > 0;
  return (
    <div className="ts-page ts-dealer-page" data-testid="dealership-solutions">
      <Breadcrumbs />
      <Typography.Title>{title}</Typography.Title>
      <HeroBlock name="hero1" hero={content.hero1} first />
      <QuoteBlock name="quote1" quote={content.quote1} />
      <TextBlock name="content1" body={content.content1} />
      <HeroBlock name="hero2" hero={content.hero2} />
      {twoColumn ? (
        <section className="ts-content-section" data-block="two-column">
          <Row gutter={[32, 24]}>
            <Col xs={24} md={12}>
              <QuoteBlock name="quote2" quote={content.quote2} />
              {content.content2 ? <RichText body={content.content2} /> : null}
            </Col>
            <Col xs={24} md={12}>
              {content.contentImage ? <ContentPicture image={content.contentImage} className="ts-split-image" /> : null}
              {content.points.length > 0 ? (
                <ul className="ts-points" data-testid="points">
                  {content.points.map((point) => (
                    <li key={point.id}>
                      <CheckCircleOutlined aria-hidden /> {w(point.text)}
                    </li>
                  ))}
                </ul>
              ) : null}
            </Col>
          </Row>
        </section>
      ) : null}
      <HeroBlock name="hero3" hero={content.hero3} />
      <OfferingGrid name="offerings" items={content.offerings} title="Offerings" />
      {content.services.length > 0 ? (
        <section className="ts-content-section" data-block="services" aria-label="Services">
          <Row gutter={[24, 24]}>
            {content.services.map((service) => {
              const price = servicePrice(service.price, service.priceFrequency);
              return (
                <Col key={service.id} xs={24} sm={12} lg={8}>
                  <Card
                    className="ts-content-card"
                    data-testid="dealer-service-price-card"
                    cover={service.image ? <ContentPicture image={service.image} className="ts-content-card-image" /> : undefined}
                  >
                    <Typography.Title level={3} className="ts-content-card-title">
                      {w(service.title)}
                    </Typography.Title>
                    {price ? (
                      <Typography.Text strong className="ts-service-price" data-testid="service-price">
                        {price}
                      </Typography.Text>
                    ) : null}
                    {service.description ? <Typography.Paragraph>{w(service.description)}</Typography.Paragraph> : null}
                  </Card>
                </Col>
              );
            })}
          </Row>
        </section>
      ) : null}
      <LogoStripBlock name="dealers" strip={content.dealers} />
      <ContactUsBlock />
    </div>
  );
}

/**
 * /dealer-services/auction-and-marketplace (spec 000 section 2), in order: hero1, quote, content1,
 * hero2, offerings, hero3, content2 (image left), hero4, content3, hero5, offerings2, the
 * authorities logo strip and the contact-us block. Blocks the staff left empty are skipped.
 */
export function AuctionMarketplacePage() {
  const { w } = useBrand();
  const { data, loading, error, refetch } = useQuery(AUCTION_MARKETPLACE, { fetchPolicy: 'cache-and-network' });
  const content = data?.auctionMarketplace;
  const title = w(content?.title || 'Auction and Marketplace');
  usePageTitle(title);
  if (!content && loading) return <PageSkeleton />;
  if (!content && error) return <LoadError onRetry={() => void refetch()} />;
  if (!content) return null;
  return (
    <div className="ts-page ts-dealer-page" data-testid="auction-and-marketplace">
      <Breadcrumbs />
      <Typography.Title>{title}</Typography.Title>
      <HeroBlock name="hero1" hero={content.hero1} first />
      <QuoteBlock name="quote" quote={content.quote} />
      <SplitBlock name="content1" block={content.content1} />
      <HeroBlock name="hero2" hero={content.hero2} />
      <OfferingGrid name="offerings" items={content.offerings} title="Offerings" />
      <HeroBlock name="hero3" hero={content.hero3} />
      <SplitBlock name="content2" block={content.content2} imageLeft />
      <HeroBlock name="hero4" hero={content.hero4} />
      <SplitBlock name="content3" block={content.content3} />
      <HeroBlock name="hero5" hero={content.hero5} />
      <OfferingGrid name="offerings2" items={content.offerings2} title="More offerings" />
      <LogoStripBlock name="authorities" strip={content.authorities} />
      <ContactUsBlock />
    </div>
  );
}
