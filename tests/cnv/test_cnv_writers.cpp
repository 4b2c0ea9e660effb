// The cnv writers on a hand-made cohort: exact table text, the VCF read back through htslib,
// the JSON parsed back, and no file left by a run that does not finish.
#include <gtest/gtest.h>
#include <htslib/hts.h>
#include <htslib/tbx.h>
#include <htslib/vcf.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "output_fixture.hpp"
#include "support/samtools.hpp"  // read_text
#include "support/temp_dir.hpp"
#include "tropic/cnv/cnv_plots.hpp"
#include "tropic/cnv/cnv_writers.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/output_files.hpp"

namespace fs = std::filesystem;

namespace tropic::cnv {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

std::size_t entries(const fs::path& dir) {
    return static_cast<std::size_t>(
        std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}

TEST(CopyNumberOf, ReadsOnlyCnAndDigits) {
    EXPECT_EQ(copy_number_of("CN0"), 0);
    EXPECT_EQ(copy_number_of("CN3"), 3);
    EXPECT_EQ(copy_number_of("CN128"), 128);
    for (const char* name : {"CN", "cn3", "CN+3", "CN 3", "CN3a", "X3", "", "CN-1"})
        EXPECT_EQ(copy_number_of(name), -1) << name;
}

class CnvWritersTest : public ::testing::Test {
  protected:
    test::TempDir temp_{"tropic-cnv-writers"};
    const fs::path& dir_ = temp_.path();
    std::string prefix_ = (dir_ / "run").string();
    test::SyntheticCohort cohort_ = test::small_cohort();
};

TEST_F(CnvWritersTest, TablesHoldTheCallsInCnMopsOrder) {
    CnvTableWriter writer(prefix_);
    cohort_.run(writer);
    EXPECT_EQ(test::read_text(prefix_ + ".cnvs.tsv"),
              "#sample\tchrom\tstart\tend\tmedian\tmean\tCN\n"
              "s1\tchr1\t3000\t6000\t-1\t-1\tCN1\n"
              "s2\tchr1\t12000\t15000\t1\t1\tCN4\n"
              "s3\tchr1\t6000\t9000\t0.584963\t0.584963\tCN3\n"
              "s2\tchr2/x\t0\t1500\t-4\t-4\tCN0\n");
    EXPECT_EQ(test::read_text(prefix_ + ".cnvr.tsv"),
              "#chrom\tstart\tend\ts1\ts2\ts3\n"
              "chr1\t3000\t9000\tCN1\tCN2\tCN3\n"
              "chr1\t12000\t15000\tCN2\tCN4\tCN2\n"
              "chr2/x\t0\t1500\tCN2\tCN0\tCN2\n");
    auto cn = lines_of(test::read_text(prefix_ + ".cn.tsv"));
    ASSERT_EQ(cn.size(), 1u + 20 + 6);
    EXPECT_EQ(cn[0], "#chrom\tstart\tend\ts1\ts2\ts3");
    EXPECT_EQ(cn[1], "chr1\t0\t1000\t2\t2\t2");
    EXPECT_EQ(cn[4], "chr1\t3000\t4000\t1\t2\t2");
    EXPECT_EQ(cn[8], "chr1\t7000\t8000\t2\t2\t3");
    EXPECT_EQ(cn[14], "chr1\t13000\t14000\t2\t4\t2");
    EXPECT_EQ(cn[21], "chr2/x\t0\t500\t2\t0\t2");
    auto ini = lines_of(test::read_text(prefix_ + ".ini.tsv"));
    ASSERT_EQ(ini.size(), 27u);
    EXPECT_EQ(ini[0], "#chrom\tstart\tend\tini");
    EXPECT_EQ(ini[1], "chr1\t0\t1000\t0");
    EXPECT_EQ(ini[4], "chr1\t3000\t4000\t0.333333");
    EXPECT_FALSE(fs::exists(prefix_ + ".sini.tsv"));
    EXPECT_FALSE(fs::exists(prefix_ + ".normalized.tsv"));
    EXPECT_EQ(entries(dir_), 4u) << "temporary files left behind";
}

TEST_F(CnvWritersTest, OptionalTablesAndExactDigits) {
    TableWriterOptions options;
    options.digits = 17;
    options.write_sini = true;
    options.write_normalized = true;
    CnvTableWriter writer(prefix_, options);
    EXPECT_EQ(writer.paths().size(), 6u);
    cohort_.run(writer);
    auto sini = lines_of(test::read_text(prefix_ + ".sini.tsv"));
    ASSERT_EQ(sini.size(), 27u);
    EXPECT_EQ(sini[0], "#chrom\tstart\tend\ts1\ts2\ts3");
    // 17 digits give back the very double.
    const std::string field = sini[8].substr(sini[8].rfind('\t') + 1);
    EXPECT_EQ(std::strtod(field.c_str(), nullptr), cohort_.results[0].model.sini[7 * 3 + 2]);
    auto normalized = lines_of(test::read_text(prefix_ + ".normalized.tsv"));
    EXPECT_EQ(normalized[21], "chr2/x\t0\t500\t100\t2.5\t100");
}

TEST_F(CnvWritersTest, NoTableWithoutFinish) {
    {
        CnvTableWriter writer(prefix_);
        writer.begin(cohort_.info);
        writer.sequence(cohort_.results[0]);
    }
    EXPECT_EQ(entries(dir_), 0u);
}

// A sink that fails on the second sequence, as a failing pipeline would.
class FailingSink : public CnvSink {
  public:
    void sequence(const SequenceResult&) override {
        if (++seen_ == 2) throw std::runtime_error("failed mid-way");
    }

  private:
    int seen_ = 0;
};

TEST_F(CnvWritersTest, AFailureMidwayLeavesNoFile) {
    EXPECT_THROW(
        {
            CnvTableWriter tables(prefix_);
            CnvVcfWriter vcf(prefix_);
            CnvJsonWriter json(prefix_ + ".json");
            FailingSink failing;
            CnvSinkList sinks;
            sinks.add(tables);
            sinks.add(vcf);
            sinks.add(json);
            sinks.add(failing);
            cohort_.run(sinks);
        },
        std::runtime_error);
    EXPECT_EQ(entries(dir_), 0u);
}

// Writers given a run's OutputFiles write nothing into place until the run commits, then all of
// it at once; a plot folder they made is gone when the run does not commit.
TEST_F(CnvWritersTest, WritersOfOneRunAppearTogetherOnCommit) {
    const fs::path plots = dir_ / "plots";
    {
        OutputFiles outputs;
        CnvTableWriter tables(outputs, prefix_);
        CnvVcfWriter vcf(outputs, prefix_);
        CnvJsonWriter json(outputs, prefix_ + ".json");
        CnvPlotWriter pictures(outputs, plots.string());
        CnvSinkList sinks;
        sinks.add(tables);
        sinks.add(vcf);
        sinks.add(json);
        sinks.add(pictures);
        cohort_.run(sinks);
        EXPECT_FALSE(fs::exists(prefix_ + ".cnvs.tsv"));
        EXPECT_FALSE(fs::exists(prefix_ + ".vcf.gz"));
        EXPECT_FALSE(fs::exists(prefix_ + ".vcf.gz.tbi"));
        EXPECT_FALSE(fs::exists(prefix_ + ".json"));
        EXPECT_FALSE(fs::exists(plots / "cn_heatmap.svg"));
        outputs.commit();
    }
    for (const char* suffix :
         {".cnvs.tsv", ".cnvr.tsv", ".cn.tsv", ".ini.tsv", ".vcf.gz", ".vcf.gz.tbi", ".json"})
        EXPECT_TRUE(fs::exists(prefix_ + suffix)) << suffix;
    EXPECT_TRUE(fs::exists(plots / "cn_heatmap.svg"));
    EXPECT_EQ(entries(dir_), 8u);
    EXPECT_EQ(test::read_text(prefix_ + ".cnvs.tsv").substr(0, 7), "#sample");
}

TEST_F(CnvWritersTest, WithoutCommitNoOutputOfTheRunRemains) {
    {
        OutputFiles outputs;
        CnvTableWriter tables(outputs, prefix_);
        CnvVcfWriter vcf(outputs, prefix_);
        CnvPlotWriter pictures(outputs, (dir_ / "new" / "plots").string());
        CnvSinkList sinks;
        sinks.add(tables);
        sinks.add(vcf);
        sinks.add(pictures);
        cohort_.run(sinks);
    }
    EXPECT_EQ(entries(dir_), 0u);
}

// A full disk (/dev/full behind one table's name) fails the commit, and no other output appears.
TEST_F(CnvWritersTest, AFullDiskLeavesNoOutput) {
    if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
    fs::create_symlink("/dev/full", prefix_ + ".cnvr.tsv");
    EXPECT_THROW(
        {
            OutputFiles outputs;
            CnvTableWriter tables(outputs, prefix_);
            CnvVcfWriter vcf(outputs, prefix_);
            CnvSinkList sinks;
            sinks.add(tables);
            sinks.add(vcf);
            cohort_.run(sinks);
            outputs.commit();
        },
        ResourceError);
    EXPECT_EQ(entries(dir_), 1u) << "only the link to /dev/full";
}

// Every output is checked when declared, before any work.
TEST_F(CnvWritersTest, UnwritableOutputsAreRefusedWhenDeclared) {
    OutputFiles outputs;
    test::TempDir other{"tropic-cnv-writers-other"};
    const std::string file = (other.path() / "a_file").string();
    std::ofstream(file) << "x";
    EXPECT_THROW(CnvPlotWriter(outputs, file + "/plots"), InputError);
    EXPECT_THROW(CnvTableWriter(outputs, (dir_ / "missing" / "run").string()), InputError);
    fs::create_directory(prefix_ + ".vcf.gz.tbi");
    EXPECT_THROW(CnvVcfWriter(outputs, prefix_), InputError);
    EXPECT_THROW(CnvJsonWriter(outputs, dir_.string()), InputError);
}

// The VCF read back through htslib.
struct VcfReader {
    explicit VcfReader(const std::string& path)
        : file(hts_open(path.c_str(), "r")), header(file ? bcf_hdr_read(file) : nullptr) {}
    ~VcfReader() {
        bcf_destroy(record);
        free(ints);
        free(floats);
        free(text);
        if (header) bcf_hdr_destroy(header);
        if (file) hts_close(file);
    }
    bool next() {
        return bcf_read(file, header, record) == 0 && bcf_unpack(record, BCF_UN_ALL) == 0;
    }
    std::string info_string(const char* key) {
        int n = 0;
        return bcf_get_info_string(header, record, key, &text, &n) > 0 ? std::string(text) : "";
    }
    std::vector<int> info_ints(const char* key) {
        int n = 0, got = bcf_get_info_int32(header, record, key, &ints, &n);
        return got > 0 ? std::vector<int>(ints, ints + got) : std::vector<int>{};
    }
    bool flag(const char* key) {
        return bcf_get_info_flag(header, record, key, nullptr, nullptr) == 1;
    }
    std::vector<int> format_ints(const char* key) {
        int n = 0, got = bcf_get_format_int32(header, record, key, &ints, &n);
        return got > 0 ? std::vector<int>(ints, ints + got) : std::vector<int>{};
    }
    std::vector<float> format_floats(const char* key) {
        int n = 0, got = bcf_get_format_float(header, record, key, &floats, &n);
        return got > 0 ? std::vector<float>(floats, floats + got) : std::vector<float>{};
    }
    std::vector<std::string> genotypes() {
        int n = 0, got = bcf_get_genotypes(header, record, &ints, &n);
        std::vector<std::string> gts;
        for (int s = 0; s + 1 < got; s += 2) {
            auto allele = [](int v) {
                return bcf_gt_is_missing(v) ? std::string(".") : std::to_string(bcf_gt_allele(v));
            };
            gts.push_back(allele(ints[s]) + "/" + allele(ints[s + 1]));
        }
        return gts;
    }
    std::string chrom() const { return bcf_seqname(header, record); }

    htsFile* file;
    bcf_hdr_t* header;
    bcf1_t* record = bcf_init();
    int* ints = nullptr;
    float* floats = nullptr;
    char* text = nullptr;
};

void expect_records(const std::string& path, const test::SyntheticCohort& cohort) {
    VcfReader vcf(path);
    ASSERT_NE(vcf.header, nullptr) << path;
    EXPECT_STREQ(bcf_hdr_get_version(vcf.header), "VCFv4.3");
    kstring_t text = {0, 0, nullptr};
    bcf_hdr_format(vcf.header, 0, &text);
    const std::string header_text(text.s, text.l);
    free(text.s);
    EXPECT_NE(header_text.find("##source=tropic"), std::string::npos);
    ASSERT_EQ(bcf_hdr_nsamples(vcf.header), 3);
    EXPECT_STREQ(vcf.header->samples[2], "s3");

    // chr1, 3000-9000: s1 CN1, s3 CN3: a loss and a gain.
    ASSERT_TRUE(vcf.next());
    EXPECT_EQ(vcf.chrom(), "chr1");
    EXPECT_EQ(vcf.record->pos, 2999) << "POS is the base before the region (1-based 3000)";
    EXPECT_STREQ(vcf.record->d.allele[0], "N");
    EXPECT_STREQ(vcf.record->d.allele[1], "<CNV>");
    EXPECT_EQ(vcf.info_string("SVTYPE"), "CNV");
    EXPECT_EQ(vcf.info_ints("END"), std::vector<int>{9000});
    EXPECT_TRUE(vcf.info_ints("SVLEN").empty());
    EXPECT_TRUE(vcf.flag("IMPRECISE"));
    EXPECT_EQ(vcf.genotypes(), (std::vector<std::string>{"0/1", "0/0", "./."}));
    EXPECT_EQ(vcf.format_ints("CN"), (std::vector<int>{1, 2, 3}));
    const auto& sini = cohort.results[0].model.sini;
    double s3 = 0;
    for (std::size_t w = 3; w <= 8; ++w) s3 += sini[w * 3 + 2] / 6;
    auto means = vcf.format_floats("SINI");
    ASSERT_EQ(means.size(), 3u);
    // htslib writes VCF floats with 6 significant digits.
    EXPECT_FLOAT_EQ(means[0], -0.5f);
    EXPECT_FLOAT_EQ(means[1], 0.0f);
    EXPECT_NEAR(means[2], s3, 1e-6);

    // chr1, 12000-15000: s2 CN4.
    ASSERT_TRUE(vcf.next());
    EXPECT_EQ(vcf.record->pos, 11999);
    EXPECT_STREQ(vcf.record->d.allele[1], "<DUP>");
    EXPECT_EQ(vcf.info_string("SVTYPE"), "DUP");
    EXPECT_EQ(vcf.info_ints("SVLEN"), std::vector<int>{3000});
    EXPECT_EQ(vcf.info_ints("END"), std::vector<int>{15000});
    EXPECT_EQ(vcf.genotypes(), (std::vector<std::string>{"0/0", "./.", "0/0"}));
    EXPECT_EQ(vcf.format_ints("CN"), (std::vector<int>{2, 4, 2}));

    // chr2/x, 0-1500: s2 CN0, at the sequence's first base: POS 1.
    ASSERT_TRUE(vcf.next());
    EXPECT_EQ(vcf.chrom(), "chr2/x");
    EXPECT_EQ(vcf.record->pos, 0);
    EXPECT_EQ(vcf.info_string("SVTYPE"), "DEL");
    EXPECT_EQ(vcf.info_ints("SVLEN"), std::vector<int>{-1500});
    EXPECT_EQ(vcf.info_ints("END"), std::vector<int>{1500});
    EXPECT_EQ(vcf.genotypes(), (std::vector<std::string>{"0/0", "1/1", "0/0"}));
    EXPECT_FALSE(vcf.next());
}

TEST_F(CnvWritersTest, VcfReadsBackThroughHtslib) {
    VcfWriterOptions plain;
    plain.compress = false;
    CnvVcfWriter writer(prefix_, plain);
    cohort_.run(writer);
    EXPECT_EQ(writer.path(), prefix_ + ".vcf");
    EXPECT_TRUE(writer.index_path().empty());
    expect_records(writer.path(), cohort_);
    const std::string text = test::read_text(writer.path());
    EXPECT_EQ(text.rfind("##fileformat=VCFv4.3\n", 0), 0u);
    EXPECT_NE(text.find("##contig=<ID=chr1,length=20000>"), std::string::npos);
    EXPECT_NE(text.find("\nchr1\t3000\t.\tN\t<CNV>\t.\tPASS\tSVTYPE=CNV;END=9000;IMPRECISE\tGT:CN:"
                        "SINI\t0/1:1:-0.5\t0/0:2:0\t./.:3:"),
              std::string::npos)
        << text;
    EXPECT_EQ(entries(dir_), 1u);
}

TEST_F(CnvWritersTest, CompressedVcfIsIndexed) {
    CnvVcfWriter writer(prefix_);
    cohort_.run(writer);
    ASSERT_EQ(writer.path(), prefix_ + ".vcf.gz");
    ASSERT_EQ(writer.index_path(), prefix_ + ".vcf.gz.tbi");
    expect_records(writer.path(), cohort_);

    // The index answers a query inside the DUP only if it took END as the record's end.
    htsFile* file = hts_open(writer.path().c_str(), "r");
    ASSERT_NE(file, nullptr);
    tbx_t* index = tbx_index_load2(writer.path().c_str(), writer.index_path().c_str());
    ASSERT_NE(index, nullptr);
    hts_itr_t* it = tbx_itr_querys(index, "chr1:14001-14500");
    ASSERT_NE(it, nullptr);
    kstring_t line = {0, 0, nullptr};
    std::vector<std::string> found;
    while (tbx_itr_next(file, index, it, &line) >= 0) found.emplace_back(line.s, line.l);
    free(line.s);
    hts_itr_destroy(it);
    tbx_destroy(index);
    hts_close(file);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].rfind("chr1\t12000\t.\tN\t<DUP>", 0), 0u) << found[0];
    if (std::system("command -v bcftools >/dev/null 2>&1") == 0) {
        EXPECT_EQ(std::system(("bcftools view -H " + writer.path() + " >/dev/null").c_str()), 0);
    }
}

// A region ending beyond 2^29 cannot be in a .tbi: the index is a .csi, and no .tbi is left.
TEST_F(CnvWritersTest, PositionsBeyondTabixGetACsiIndex) {
    const test::SyntheticCohort long_one =
        test::make_cohort({"s1", "s2"}, {{"chr1", 20, 30'000'000}}, {{0, 0, 17, 19, 1}});
    CnvVcfWriter writer(prefix_);
    long_one.run(writer);
    EXPECT_EQ(writer.index_path(), prefix_ + ".vcf.gz.csi");
    EXPECT_TRUE(fs::exists(prefix_ + ".vcf.gz.csi"));
    EXPECT_EQ(entries(dir_), 2u);
    VcfReader vcf(writer.path());
    ASSERT_TRUE(vcf.next());
    EXPECT_EQ(vcf.info_ints("END"), std::vector<int>{600'000'000});
    hts_idx_t* index = bcf_index_load2(writer.path().c_str(), writer.index_path().c_str());
    EXPECT_NE(index, nullptr);
    hts_idx_destroy(index);
}

// A name VCF cannot hold as a contig (R's quotes kept, a space) is refused, not written.
TEST_F(CnvWritersTest, VcfRefusesNamesThatAreNoContigs) {
    for (const char* name : {"\"chr1\"", "chr 1", "*chr1", "=1", "chr<1>", "chr1,2"}) {
        test::SyntheticCohort cohort = test::small_cohort();
        cohort.info.sequences[0] = name;
        CnvVcfWriter writer(prefix_);
        EXPECT_THROW(writer.begin(cohort.info), InputError) << name;
    }
    for (const char* name : {"chr1", "HLA-A*01:01", "chrUn_gl000220.1", "1", "NC_000001.11|x"}) {
        test::SyntheticCohort cohort = test::small_cohort();
        cohort.info.sequences[0] = name;
        CnvVcfWriter writer(prefix_);
        EXPECT_NO_THROW(writer.begin(cohort.info)) << name;
    }
}

TEST_F(CnvWritersTest, VcfWithoutSequencesUpFrontWaitsForTheHeader) {
    cohort_.info.sequences.clear();
    cohort_.info.sequence_lengths.clear();
    VcfWriterOptions plain;
    plain.compress = false;
    CnvVcfWriter writer(prefix_, plain);
    cohort_.run(writer);
    expect_records(writer.path(), cohort_);
    EXPECT_NE(test::read_text(writer.path()).find("##contig=<ID=chr2/x>"), std::string::npos);
}

TEST_F(CnvWritersTest, JsonParsesBack) {
    const std::string path = prefix_ + ".json";
    CnvJsonWriter writer(path);
    cohort_.run(writer);
    const auto doc = nlohmann::json::parse(test::read_text(path));
    EXPECT_EQ(doc["format"], "tropic-cnv");
    EXPECT_EQ(doc["samples"], (nlohmann::json{"s1", "s2", "s3"}));
    EXPECT_EQ(doc["params"]["priorImpact"], 1.0);
    EXPECT_EQ(doc["params"]["classes"].size(), 9u);
    ASSERT_EQ(doc["sequences"].size(), 2u);
    const auto& chr1 = doc["sequences"][0];
    EXPECT_EQ(chr1["name"], "chr1");
    EXPECT_EQ(chr1["windows"], 20);
    ASSERT_EQ(chr1["cnvs"].size(), 3u);
    EXPECT_EQ(chr1["cnvs"][0]["sample"], "s1");
    EXPECT_EQ(chr1["cnvs"][0]["CN"], "CN1");
    EXPECT_EQ(chr1["cnvs"][0]["copy_number"], 1);
    EXPECT_EQ(chr1["cnvs"][0]["start"], 3000);
    EXPECT_EQ(chr1["cnvs"][2]["mean"], cohort_.results[0].cnvs[2].mean);
    ASSERT_EQ(chr1["regions"].size(), 2u);
    EXPECT_EQ(chr1["regions"][0]["type"], "CNV");
    EXPECT_EQ(chr1["regions"][0]["CN"], (nlohmann::json{"CN1", "CN2", "CN3"}));
    EXPECT_EQ(doc["sequences"][1]["regions"][0]["type"], "DEL");
    const auto& summary = doc["summary"];
    EXPECT_EQ(summary["windows"], 26);
    EXPECT_EQ(summary["prior_only_windows"], 1);
    EXPECT_EQ(summary["cnvs"], 4);
    EXPECT_EQ(summary["regions"], 3);
    EXPECT_EQ(summary["cnvs_per_sample"]["s2"], 2);
}

}  // namespace
}  // namespace tropic::cnv
