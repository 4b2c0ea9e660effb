// layout_structure(): loops as circles, helices as ladders, the exterior loop along a line, and a
// proof of planarity by construction rather than by repair.
//
// Every branch (a helix with everything it closes) is laid out in its own frame: its outermost
// pair at (-0.5, 0) and (0.5, 0), the helix growing along +y. Branches are built bottom-up and
// each keeps the convex hull of its bases; two invariants hold for every branch:
//   (a) all of it lies at y >= 0, i.e. beyond the line of its outermost pair;
//   (b) no two of its segments cross.
// A loop places its child branches on its circle (centre O, radius R) so that, seen from O, the
// children's hulls lie in disjoint angular wedges, all within 90 degrees of the loop's forward
// axis. Then children cannot meet each other (disjoint wedges), nor the loop's own chords (by
// (a) a child meets the disc of the circle only in the cap beyond its pair's chord, which no
// other chord of the convex loop polygon enters), nor the closing helix (behind O). So (a) and (b)
// hold for the parent too. When the regular polygon (every chord 1) leaves the wedges too narrow,
// R grows: the children move away from O and subtend smaller angles, at the price of longer
// backbone chords between the loop's bases. The exterior loop puts the branches' hulls side by
// side along y = 0, which (a) makes safe for the same reason.
#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>

#include "rna/plot/dot_bracket_partners.hpp"
#include "tropic/core/error.hpp"
#include "tropic/rna/structure_plot.hpp"

namespace tropic::rna {

namespace {

constexpr double kPi = std::numbers::pi;
// Angular gap kept between neighbouring wedges and from the loop's sideways directions, so that
// hulls never touch even after rounding.
constexpr double kWedgeGap = 0.01;
constexpr double kRadiusGrowth = 1.12;
constexpr int kMaxGrowthSteps = 400;

// A base of a loop, or a child branch closed inside it.
struct LoopElement {
    int base = -1;   // unpaired base, or -1
    int child = -1;  // index into branches, or -1
};

struct Branch {
    int i = 0, j = 0;               // outermost pair
    int length = 1;                 // stacked pairs in the helix
    std::vector<LoopElement> loop;  // between the innermost pair's bases, in sequence order
    double radius = 0.5;
    std::vector<double> angles;  // per loop element, clockwise from the forward axis
    std::vector<Point2> hull;    // in the branch's frame
};

// Counter-clockwise convex hull (Andrew's monotone chain).
std::vector<Point2> convex_hull(std::vector<Point2> points) {
    std::sort(points.begin(), points.end(),
              [](Point2 a, Point2 b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
    if (points.size() < 3) return points;
    auto turn = [](Point2 o, Point2 a, Point2 b) {
        return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
    };
    std::vector<Point2> hull(2 * points.size());
    std::size_t k = 0;
    for (std::size_t p = 0; p < points.size(); ++p) {
        while (k >= 2 && turn(hull[k - 2], hull[k - 1], points[p]) <= 0) --k;
        hull[k++] = points[p];
    }
    for (std::size_t p = points.size() - 1, lower = k + 1; p-- > 0;) {
        while (k >= lower && turn(hull[k - 2], hull[k - 1], points[p]) <= 0) --k;
        hull[k++] = points[p];
    }
    hull.resize(k - 1);
    return hull;
}

// A frame: local (x, y) -> origin + x * ex + y * ey.
struct Frame {
    Point2 origin, ex{1, 0}, ey{0, 1};
    Point2 map(double x, double y) const {
        return {origin.x + x * ex.x + y * ey.x, origin.y + x * ex.y + y * ey.y};
    }
    Point2 map(Point2 p) const { return map(p.x, p.y); }
};

// The frame of a child branch whose axis leaves a loop (centre `centre`, radius r) at angle
// theta, in the loop's branch frame.
Frame child_frame(Point2 centre, double radius, double theta) {
    const double a = std::sqrt(std::max(0.0, radius * radius - 0.25));
    const Point2 axis{std::sin(theta), std::cos(theta)};
    // +x of the child is the clockwise tangent, so its 5' base comes first along the loop.
    return Frame{{centre.x + a * axis.x, centre.y + a * axis.y}, {axis.y, -axis.x}, axis};
}

Point2 on_circle(Point2 centre, double radius, double angle) {
    return {centre.x + radius * std::sin(angle), centre.y + radius * std::cos(angle)};
}

class StructureLayout {
  public:
    explicit StructureLayout(std::string_view dot_bracket)
        : partner_(detail::dot_bracket_partners(dot_bracket)), positions_(dot_bracket.size()) {}

    std::vector<Point2> run() {
        std::vector<LoopElement> exterior = loop_elements(-1, static_cast<int>(partner_.size()));
        // Unpaired bases follow the last base at a distance of 1, even below a branch's hull
        // (only its outermost pair reaches y = 0, so the line crosses nothing); a branch starts
        // 1 past both the last base and the previous branch's hull.
        double last_base = -1, last_hull = -1;
        for (const LoopElement& element : exterior) {
            if (element.child < 0) {
                positions_[element.base] = {last_base += 1, 0};
                continue;
            }
            const Branch& child = branches_[element.child];
            double low = 0, high = 0;
            for (Point2 p : child.hull) low = std::min(low, p.x), high = std::max(high, p.x);
            const double x = std::max(last_base + 1.5, last_hull + 1 - low);
            place(element.child, Frame{{x, 0}, {1, 0}, {0, 1}});
            last_base = x + 0.5;
            last_hull = x + high;
        }
        return std::move(positions_);
    }

  private:
    // The elements of the loop between bases open and close (exclusive), building child
    // branches as they come.
    std::vector<LoopElement> loop_elements(int open, int close) {
        std::vector<LoopElement> elements;
        for (int k = open + 1; k < close;) {
            if (partner_[k] > k) {
                elements.push_back({-1, build_branch(k)});
                k = partner_[k] + 1;
            } else {
                elements.push_back({k, -1});
                ++k;
            }
        }
        return elements;
    }

    int build_branch(int i) {
        Branch branch;
        branch.i = i;
        branch.j = partner_[i];
        while (branch.i + branch.length < branch.j - branch.length &&
               partner_[branch.i + branch.length] == branch.j - branch.length)
            ++branch.length;
        branch.loop = loop_elements(branch.i + branch.length - 1, branch.j - branch.length + 1);
        fit_loop(branch);
        branches_.push_back(std::move(branch));
        return static_cast<int>(branches_.size()) - 1;
    }

    // Angles of the loop's elements on a circle of the given radius, or nothing when its child
    // branches do not fit in disjoint forward wedges.
    std::optional<std::vector<double>> arrange(const Branch& branch, double radius) const {
        const double beta = std::asin(std::min(1.0, 0.5 / radius));  // half a pair chord
        const double a = std::sqrt(std::max(0.0, radius * radius - 0.25));
        const std::size_t m = branch.loop.size();
        // Each child's hull, seen from the centre: how far it reaches either side of its axis.
        std::vector<double> reach_before(m, 0), reach_after(m, 0);
        for (std::size_t e = 0; e < m; ++e) {
            if (branch.loop[e].child < 0) continue;
            for (Point2 p : branches_[branch.loop[e].child].hull) {
                const double offset = std::atan2(p.x, a + p.y);
                reach_after[e] = std::max(reach_after[e], offset);
                reach_before[e] = std::max(reach_before[e], -offset);
            }
        }
        const double first = -kPi + beta, last = kPi - beta;  // the closing pair's bases
        const double wedge_low = -kPi / 2 + kWedgeGap, wedge_high = kPi / 2 - kWedgeGap;
        auto wedges_fit = [&](const std::vector<double>& angles) {
            double previous = wedge_low - kWedgeGap;
            for (std::size_t e = 0; e < m; ++e) {
                if (branch.loop[e].child < 0) continue;
                if (angles[e] - reach_before[e] < previous + kWedgeGap) return false;
                previous = angles[e] + reach_after[e];
            }
            return previous <= wedge_high;
        };

        // First choice: bases evenly spread, as the regular polygon has them.
        int children = 0;
        for (const LoopElement& element : branch.loop) children += element.child >= 0;
        const int backbone_chords = static_cast<int>(m) + 1;
        const double step = (2 * kPi - 2 * beta * (1 + children)) / backbone_chords;
        std::vector<double> angles(m);
        double cursor = first;
        for (std::size_t e = 0; e < m; ++e) {
            cursor += step;
            if (branch.loop[e].child >= 0) cursor += beta;
            angles[e] = cursor;
            if (branch.loop[e].child >= 0) cursor += beta;
        }
        if (step >= 2 * beta - 1e-12 && wedges_fit(angles)) return angles;

        // Otherwise the middle of the two extreme arrangements (everything pushed towards the
        // 5' side, everything towards the 3' side): all constraints are linear in the angles, so
        // it keeps every chord at least 1 and every wedge apart whenever both extremes do.
        std::vector<double> low(m), high(m);
        double point = first, wedge = wedge_low - kWedgeGap;
        for (std::size_t e = 0; e < m; ++e) {
            if (branch.loop[e].child < 0) {
                low[e] = point = point + 2 * beta;
                continue;
            }
            low[e] = std::max(point + 3 * beta, wedge + kWedgeGap + reach_before[e]);
            point = low[e] + beta;
            wedge = low[e] + reach_after[e];
        }
        if (point + 2 * beta > last + 1e-12 || wedge > wedge_high) return std::nullopt;
        point = last;
        wedge = wedge_high + kWedgeGap;
        for (std::size_t e = m; e-- > 0;) {
            if (branch.loop[e].child < 0) {
                high[e] = point = point - 2 * beta;
                continue;
            }
            high[e] = std::min(point - 3 * beta, wedge - kWedgeGap - reach_after[e]);
            point = high[e] - beta;
            wedge = high[e] - reach_before[e];
        }
        for (std::size_t e = 0; e < m; ++e) angles[e] = (low[e] + high[e]) / 2;
        return angles;
    }

    void fit_loop(Branch& branch) {
        const int points =
            2 + static_cast<int>(branch.loop.size()) +
            static_cast<int>(std::count_if(branch.loop.begin(), branch.loop.end(),
                                           [](const LoopElement& e) { return e.child >= 0; }));
        double radius = 0.5 / std::sin(kPi / points);  // the regular polygon with sides of 1
        for (int step = 0;; ++step) {
            if (auto angles = arrange(branch, radius)) {
                branch.angles = std::move(*angles);
                break;
            }
            if (step == kMaxGrowthSteps)
                throw InternalError("layout_structure: the loop closed by " +
                                    std::to_string(branch.i + branch.length) + " cannot be fitted");
            radius *= kRadiusGrowth;
        }
        branch.radius = radius;

        std::vector<Point2> hull_points = {
            {-0.5, 0}, {0.5, 0}, {-0.5, branch.length - 1.0}, {0.5, branch.length - 1.0}};
        const Point2 centre = loop_centre(branch);
        for (std::size_t e = 0; e < branch.loop.size(); ++e) {
            if (branch.loop[e].child < 0) {
                hull_points.push_back(on_circle(centre, radius, branch.angles[e]));
                continue;
            }
            const Frame frame = child_frame(centre, radius, branch.angles[e]);
            for (Point2 p : branches_[branch.loop[e].child].hull)
                hull_points.push_back(frame.map(p));
        }
        branch.hull = convex_hull(std::move(hull_points));
    }

    static Point2 loop_centre(const Branch& branch) {
        const double a = std::sqrt(std::max(0.0, branch.radius * branch.radius - 0.25));
        return {0, branch.length - 1 + a};
    }

    void place(int index, const Frame& frame) {
        const Branch& branch = branches_[index];
        for (int k = 0; k < branch.length; ++k) {
            positions_[branch.i + k] = frame.map(-0.5, k);
            positions_[branch.j - k] = frame.map(0.5, k);
        }
        const Point2 centre = loop_centre(branch);
        for (std::size_t e = 0; e < branch.loop.size(); ++e) {
            const LoopElement& element = branch.loop[e];
            if (element.child < 0) {
                positions_[element.base] =
                    frame.map(on_circle(centre, branch.radius, branch.angles[e]));
                continue;
            }
            const Frame local = child_frame(centre, branch.radius, branch.angles[e]);
            place(element.child, Frame{frame.map(local.origin), direction(frame, local.ex),
                                       direction(frame, local.ey)});
        }
    }

    static Point2 direction(const Frame& frame, Point2 v) {
        return {v.x * frame.ex.x + v.y * frame.ey.x, v.x * frame.ex.y + v.y * frame.ey.y};
    }

    std::vector<int> partner_;
    std::vector<Branch> branches_;
    std::vector<Point2> positions_;
};

}  // namespace

std::vector<Point2> layout_structure(std::string_view dot_bracket) {
    return StructureLayout(dot_bracket).run();
}

}  // namespace tropic::rna
